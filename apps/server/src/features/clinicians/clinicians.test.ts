import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { loginResponseSchema, tokenPairSchema } from '@recovery-portal/contract/account';
import {
  CLINICIAN_MESSAGES,
  clinicianListSchema,
  clinicianSchema,
} from '@recovery-portal/contract/clinicians';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { nudgeListResponseSchema } from '@recovery-portal/contract/nudges';
import { API_PATHS, RESET_LINK_PARAMS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';

const testApp = useTestApp();
let admin: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

const NEW_PASSWORD = 'Brand-New-Password-1';

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, body?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: token ? authHeaders(token) : { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const listClinicians = (token = admin.access_token) =>
  call('GET', API_PATHS.user.listClinicians, token);
const createClinician = (body: unknown, token = admin.access_token) =>
  call('POST', API_PATHS.user.createClinician, token, body);
const updateUser = (body: unknown, token = admin.access_token) =>
  call('PATCH', API_PATHS.user.update, token, body);
const setStatus = (body: unknown, token = admin.access_token) =>
  call('PATCH', API_PATHS.user.clinicianStatus, token, body);

/** The set-password link of the latest mail to the address. */
function emailedLink(email: string): URL {
  const mail = testApp.sentMail.filter((message) => message.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}

describe('clinician list', () => {
  it('an administrator sees every clinician by name, and no participants or administrators', async () => {
    await createStaff(testApp.db, {
      firstName: 'Zara',
      lastName: 'Young',
      email: 'zara@clinic.test',
    });
    await createStaff(testApp.db, {
      firstName: 'adam',
      lastName: 'Smith',
      email: 'adam@clinic.test',
    });
    await createStaff(testApp.db, {
      firstName: 'Adam',
      lastName: 'Baker',
      email: 'baker@clinic.test',
    });
    await createParticipant(testApp.db, { firstName: 'Aaron' });
    const clinicians = successData(await listClinicians(), clinicianListSchema);
    expect(clinicians.map((c) => c.email)).toEqual([
      'baker@clinic.test',
      'adam@clinic.test',
      'zara@clinic.test',
    ]);
    expect(clinicians[0]).toEqual({
      id: expect.any(Number),
      first_name: 'Adam',
      last_name: 'Baker',
      email: 'baker@clinic.test',
      dea_reg_id: null,
      status: 'ACTIVATED',
    });
  });

  it('sends the session check, then one statement that reads the clinicians and writes the audit row', async () => {
    await createStaff(testApp.db, { email: 'one@clinic.test' });
    await createStaff(testApp.db, { email: 'two@clinic.test' });
    let response = await listClinicians();
    const sent = await statementsOf(testApp, async () => {
      response = await listClinicians();
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const clinicians = successData(response, clinicianListSchema);
    expect(clinicians.map((c) => c.email).sort()).toEqual(['one@clinic.test', 'two@clinic.test']);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.clinicianList,
        subjectType: null,
        subjectId: null,
        details: { count: 2 },
      },
    ]);
  });

  it('clinicians cannot manage clinicians and anonymous callers must log in', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    failure(await listClinicians(clinician.access_token), 403, 'FORBIDDEN');
    failure(await call('GET', API_PATHS.user.listClinicians, null), 401, 'UNAUTHENTICATED');
    failure(
      await createClinician(
        { name: 'X', email: 'x@clinic.test', dea_reg_id: 'R1' },
        clinician.access_token,
      ),
      403,
      'FORBIDDEN',
    );
    failure(
      await updateUser({ id: admin.user.id, name: 'X' }, clinician.access_token),
      403,
      'FORBIDDEN',
    );
    failure(
      await setStatus({ id: admin.user.id, status: 'SUSPENDED' }, clinician.access_token),
      403,
      'FORBIDDEN',
    );
  });
});

describe('adding a clinician', () => {
  it('an administrator adds a clinician, who sets a password from the emailed link and logs in', async () => {
    const created = successData(
      await createClinician({
        name: '  Grace  Hopper Jr ',
        email: 'Grace@Clinic.test',
        dea_reg_id: ' AB1234563 ',
      }),
      clinicianSchema,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      first_name: 'Grace',
      last_name: 'Hopper Jr',
      email: 'grace@clinic.test',
      dea_reg_id: 'AB1234563',
      status: 'PENDING_ACTIVATION',
    });
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, created.id));
    expect(stored).toMatchObject({ role: 'CLINICIAN', passwordHash: null });

    const link = emailedLink('grace@clinic.test');
    expect(link.pathname).toBe(WEB_ROUTES.resetPassword);
    expect(link.searchParams.get(RESET_LINK_PARAMS.userName)).toBe('grace@clinic.test');
    const code = link.searchParams.get(RESET_LINK_PARAMS.loginCode);
    expect(code).toBeTruthy();

    // Not able to log in before setting a password.
    failure(
      await postJson(testApp.app, API_PATHS.account.login, {
        user_name: 'grace@clinic.test',
        password: NEW_PASSWORD,
      }),
      401,
      'UNAUTHENTICATED',
    );
    const signup = await postJson(testApp.app, API_PATHS.account.signup, {
      user_name: 'grace@clinic.test',
      login_code: code,
      password: NEW_PASSWORD,
    });
    expect(successData(signup, messageSchema).message).toBe(MESSAGES.account.passwordSet);

    const session = successData(
      await postJson(testApp.app, API_PATHS.account.login, {
        user_name: 'grace@clinic.test',
        password: NEW_PASSWORD,
      }),
      loginResponseSchema,
    );
    expect(session.user).toMatchObject({ id: created.id, role: 'CLINICIAN', first_name: 'Grace' });
    const nudges = await postJson(
      testApp.app,
      API_PATHS.nudge.list,
      {},
      { headers: authHeaders(session.access_token) },
    );
    successData(nudges, nudgeListResponseSchema);

    const listed = successData(await listClinicians(), clinicianListSchema);
    expect(listed.find((c) => c.id === created.id)?.status).toBe('ACTIVATED');
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'clinician.create')));
    expect(audits[0]).toMatchObject({ subjectType: 'user', subjectId: created.id });
  });

  it('a duplicate email or Reg Id is a 409 saying which', async () => {
    await createStaff(testApp.db, { email: 'taken@clinic.test' });
    successData(
      await createClinician({ name: 'First', email: 'first@clinic.test', dea_reg_id: 'REG-1' }),
      clinicianSchema,
    );

    const byEmail = failure(
      await createClinician({ name: 'Other', email: 'TAKEN@clinic.test', dea_reg_id: 'REG-2' }),
      409,
      'CONFLICT',
    );
    expect(byEmail._error).toBe(CLINICIAN_MESSAGES.duplicateEmail);
    const byRegId = failure(
      await createClinician({ name: 'Other', email: 'other@clinic.test', dea_reg_id: 'reg-1' }),
      409,
      'CONFLICT',
    );
    expect(byRegId._error).toBe(CLINICIAN_MESSAGES.duplicateRegId);
    // Neither attempt created an account or sent mail.
    expect(testApp.sentMail.map((mail) => mail.to)).toEqual(['first@clinic.test']);
  });

  it('the form rules of the spec are enforced by the server', async () => {
    const bad: [unknown, RegExp][] = [
      [{ email: 'a@clinic.test', dea_reg_id: 'R' }, new RegExp(MESSAGES.validation.nameRequired)],
      [
        { name: '  ', email: 'a@clinic.test', dea_reg_id: 'R' },
        new RegExp(MESSAGES.validation.nameRequired),
      ],
      [
        { name: '9Lives', email: 'a@clinic.test', dea_reg_id: 'R' },
        new RegExp(MESSAGES.validation.nameStartsWithDigit),
      ],
      [{ name: 'N'.repeat(500), email: 'a@clinic.test', dea_reg_id: 'R' }, /Name must be at most/],
      [
        { name: 'Ok', email: 'not-an-email', dea_reg_id: 'R' },
        new RegExp(MESSAGES.validation.emailInvalid),
      ],
      [{ name: 'Ok', dea_reg_id: 'R' }, new RegExp(MESSAGES.validation.emailRequired)],
      [{ name: 'Ok', email: 'a@clinic.test' }, new RegExp(CLINICIAN_MESSAGES.regIdRequired)],
      [
        { name: 'Ok', email: 'a@clinic.test', dea_reg_id: ' ' },
        new RegExp(CLINICIAN_MESSAGES.regIdRequired),
      ],
      [
        { name: 'Ok', email: 'a@clinic.test', dea_reg_id: 'R'.repeat(65) },
        /Reg Id must be at most 64/,
      ],
      [{ name: 42, email: 'a@clinic.test', dea_reg_id: 'R' }, /name/i],
    ];
    for (const [body, message] of bad) {
      const envelope = failure(await createClinician(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(message);
    }
    expect(testApp.sentMail).toHaveLength(0);
  });

  it('when the welcome mail cannot be sent nothing is created, so the administrator can retry', async () => {
    const mailer = testApp.mailer;
    if (!mailer) throw new Error('the test app captures mail');
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      failure(
        await createClinician({ name: 'Retry', email: 'retry@clinic.test', dea_reg_id: 'R-9' }),
        500,
        'INTERNAL_ERROR',
      );
    } finally {
      mailer.send = send;
    }
    expect(
      await testApp.db.select().from(users).where(eq(users.email, 'retry@clinic.test')),
    ).toEqual([]);
    successData(
      await createClinician({ name: 'Retry', email: 'retry@clinic.test', dea_reg_id: 'R-9' }),
      clinicianSchema,
    );
  });
});

describe('editing a clinician', () => {
  it('an administrator changes the name; email and Reg Id stay as they were', async () => {
    const created = successData(
      await createClinician({ name: 'Ann Old', email: 'ann@clinic.test', dea_reg_id: 'R-1' }),
      clinicianSchema,
    );
    const updated = successData(
      await updateUser({
        id: created.id,
        name: 'Ann Marie New',
        email: 'evil@clinic.test',
        dea_reg_id: 'R-2',
      }),
      clinicianSchema,
    );
    expect(updated).toEqual({ ...created, first_name: 'Ann', last_name: 'Marie New' });
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'clinician.update')));
    expect(audits).toHaveLength(1);
  });

  it('an unknown id, a participant or an administrator is a 404 here', async () => {
    const participant = await createParticipant(testApp.db);
    for (const id of [987_654, participant.id, admin.user.id]) {
      const envelope = failure(await updateUser({ id, name: 'New Name' }), 404, 'NOT_FOUND');
      expect(envelope._error).toBe(CLINICIAN_MESSAGES.notFound);
    }
  });

  it('the edit follows the same name rules', async () => {
    const clinician = await createStaff(testApp.db);
    failure(await updateUser({ id: clinician.id, name: '1st' }), 400, 'VALIDATION_ERROR');
    failure(await updateUser({ id: clinician.id }), 400, 'VALIDATION_ERROR');
    failure(await updateUser({ id: 'abc', name: 'Fine' }), 400, 'VALIDATION_ERROR');
  });
});

describe('deactivating a clinician', () => {
  it('a deactivated clinician’s session stops working at once, and reactivation lets them back in', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const listNudges = () =>
      postJson(
        testApp.app,
        API_PATHS.nudge.list,
        {},
        { headers: authHeaders(clinician.access_token) },
      );
    successData(await listNudges(), nudgeListResponseSchema);

    const suspended = successData(
      await setStatus({ id: clinician.user.id, status: 'SUSPENDED' }),
      clinicianSchema,
    );
    expect(suspended.status).toBe('SUSPENDED');

    failure(await listNudges(), 401, 'UNAUTHENTICATED');
    failure(
      await postJson(testApp.app, API_PATHS.account.token, {
        grant_type: 'refresh_token',
        refresh_token: clinician.refresh_token,
      }),
      401,
      'UNAUTHENTICATED',
    );
    failure(
      await postJson(testApp.app, API_PATHS.account.login, {
        user_name: clinician.email,
        password: clinician.password,
      }),
      // Refused as a wrong password is, so the answer does not tell an account is deactivated.
      401,
      'UNAUTHENTICATED',
    );

    const reactivated = successData(
      await setStatus({ id: clinician.user.id, status: 'ACTIVATED' }),
      clinicianSchema,
    );
    expect(reactivated.status).toBe('ACTIVATED');
    const again = successData(
      await postJson(testApp.app, API_PATHS.account.login, {
        user_name: clinician.email,
        password: clinician.password,
      }),
      tokenPairSchema,
    );
    expect(again.access_token).toBeTruthy();

    const actions = await testApp.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, admin.user.id),
          inArray(auditLog.action, ['clinician.deactivate', 'clinician.reactivate']),
        ),
      );
    expect(actions.map((row) => row.action).sort()).toEqual([
      'clinician.deactivate',
      'clinician.reactivate',
    ]);
  });

  it('a clinician who never set a password goes back to pending when reactivated', async () => {
    const created = successData(
      await createClinician({ name: 'Pending Pat', email: 'pat@clinic.test', dea_reg_id: 'R-7' }),
      clinicianSchema,
    );
    successData(await setStatus({ id: created.id, status: 'SUSPENDED' }), clinicianSchema);
    // A suspended clinician cannot use the emailed link.
    const code = emailedLink('pat@clinic.test').searchParams.get(RESET_LINK_PARAMS.loginCode);
    failure(
      await postJson(testApp.app, API_PATHS.account.signup, {
        user_name: 'pat@clinic.test',
        login_code: code,
        password: NEW_PASSWORD,
      }),
      422,
      'UNPROCESSABLE',
    );
    const back = successData(
      await setStatus({ id: created.id, status: 'ACTIVATED' }),
      clinicianSchema,
    );
    expect(back.status).toBe('PENDING_ACTIVATION');
  });

  it('an administrator cannot deactivate themselves, nor a participant or an unknown id', async () => {
    const self = failure(
      await setStatus({ id: admin.user.id, status: 'SUSPENDED' }),
      422,
      'UNPROCESSABLE',
    );
    expect(self._error).toBe(CLINICIAN_MESSAGES.cannotDeactivateSelf);
    const participant = await createParticipant(testApp.db);
    failure(await setStatus({ id: participant.id, status: 'SUSPENDED' }), 404, 'NOT_FOUND');
    failure(await setStatus({ id: 123_456, status: 'SUSPENDED' }), 404, 'NOT_FOUND');
    const bad = failure(
      await setStatus({ id: participant.id, status: 'DELETED' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(bad._error).toMatch(CLINICIAN_MESSAGES.statusInvalid);
  });
});
