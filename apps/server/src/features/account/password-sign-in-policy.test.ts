import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS, RESET_LINK_PARAMS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { loginCodes } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff, FACTORY_PASSWORD } from '#app/test/factories';

const PROVISIONED_SQL = readFileSync(
  new URL('../../db/migrations/0018_sso-provisioned-accounts.sql', import.meta.url),
  'utf8',
);

/** Single sign-on configured; discovery is not needed for anything these tests do. */
const OIDC = {
  OIDC_ISSUER: 'http://127.0.0.1:9',
  OIDC_CLIENT_ID: 'recovery-portal',
  OIDC_CLIENT_SECRET: 'test-client-secret-0123456789',
  OIDC_NAME: 'Clinic Login',
};
const NEW_PASSWORD = 'Brand-new-password-7';
/** A code stored as the service stores one, for an account the test cannot get one mailed to. */
const HELD_CODE = 'HELDCODE42';

let ssoOnly: TestApp;
let sso: TestApp;

beforeAll(async () => {
  ssoOnly = await buildTestApp({ ...OIDC, OIDC_ONLY: 'true' });
  sso = await buildTestApp(OIDC);
});
afterAll(async () => {
  await ssoOnly.close();
  await sso.close();
});
beforeEach(async () => {
  await ssoOnly.reset();
  await sso.reset();
});

let address = 0;
/** Each call from an address of its own: sign-ins and resets are limited per address. */
function from() {
  address += 1;
  return { remoteAddress: `10.60.${Math.floor(address / 250)}.${address % 250}` };
}

const login = (app: TestApp, userName: string, password: string) =>
  postJson(app.app, API_PATHS.account.login, { user_name: userName, password }, from());
const sendCode = (app: TestApp, userName: string) =>
  postJson(app.app, API_PATHS.account.sendCode, { user_name: userName }, from());
const signup = (app: TestApp, userName: string, code: string) =>
  postJson(app.app, API_PATHS.account.signup, {
    user_name: userName,
    login_code: code,
    password: NEW_PASSWORD,
  });

async function holdCode(app: TestApp, userId: number) {
  await app.db.insert(loginCodes).values({
    userId,
    codeHash: createHash('sha256').update(HELD_CODE).digest('hex'),
    purpose: 'RESET',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}

async function passwordHashOf(app: TestApp, userId: number) {
  const [row] = await app.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash;
}

async function markProvisioned(app: TestApp, userId: number) {
  await app.db.update(users).set({ provisionedBySso: true }).where(eq(users.id, userId));
}

describe('with OIDC_ONLY=true', () => {
  it('an administrator still signs in with a password (the break-glass path)', async () => {
    const admin = await createStaff(ssoOnly.db, { role: 'ADMINISTRATOR' });
    const session = successData(
      await login(ssoOnly, admin.email, FACTORY_PASSWORD),
      loginResponseSchema,
    );
    expect(session.user).toMatchObject({ id: admin.id, role: 'ADMINISTRATOR' });
  });

  it('a clinician with the right password is refused with a sentence, and audited', async () => {
    const clinician = await createStaff(ssoOnly.db);
    const refused = failure(
      await login(ssoOnly, clinician.email, FACTORY_PASSWORD),
      401,
      'UNAUTHENTICATED',
    );
    expect(refused._error).toBe(MESSAGES.account.signInRefusedSsoOnly);
    const [row] = await ssoOnly.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, AUDIT_ACTIONS.loginFailed));
    expect(row).toMatchObject({
      actorId: clinician.id,
      details: { reason: 'password sign-in off for the account' },
    });
  });

  it('every refusal answers alike: it tells neither who exists nor who is an administrator', async () => {
    const clinician = await createStaff(ssoOnly.db);
    const admin = await createStaff(ssoOnly.db, { role: 'ADMINISTRATOR' });
    const participant = await createParticipant(ssoOnly.db);
    const answers = [
      await login(ssoOnly, clinician.email, FACTORY_PASSWORD),
      await login(ssoOnly, clinician.email, 'Wrong-password-1'),
      await login(ssoOnly, admin.email, 'Wrong-password-1'),
      await login(ssoOnly, participant.email, FACTORY_PASSWORD),
      await login(ssoOnly, 'nobody@clinic.test', FACTORY_PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toBe(answers[0]?.body);
    }
  });

  it('"Forgot password?" mails only an administrator, with the same answer for everyone', async () => {
    const clinician = await createStaff(ssoOnly.db);
    const admin = await createStaff(ssoOnly.db, { role: 'ADMINISTRATOR' });
    const answers = [
      await sendCode(ssoOnly, clinician.email),
      await sendCode(ssoOnly, admin.email),
      await sendCode(ssoOnly, 'nobody@clinic.test'),
    ];
    for (const answer of answers) expect(answer.body).toBe(answers[0]?.body);
    expect(successData(answers[0]!, messageSchema).message).toBe(MESSAGES.account.codeSent);
    expect(ssoOnly.sentMail.map((mail) => mail.to)).toEqual([admin.email]);

    // The administrator resets the password and signs in with it.
    const link = new URL(/https?:\/\/\S+/.exec(ssoOnly.sentMail[0]?.text ?? '')?.[0] ?? '');
    const code = link.searchParams.get(RESET_LINK_PARAMS.loginCode) ?? '';
    successData(await signup(ssoOnly, admin.email, code), messageSchema);
    successData(await login(ssoOnly, admin.email, NEW_PASSWORD), loginResponseSchema);
  });

  it('a clinician holding a valid code cannot set a password; a wrong code answers as ever', async () => {
    const clinician = await createStaff(ssoOnly.db);
    await holdCode(ssoOnly, clinician.id);
    const before = await passwordHashOf(ssoOnly, clinician.id);
    const wrong = failure(
      await signup(ssoOnly, clinician.email, 'WRONG4242'),
      422,
      'UNPROCESSABLE',
    );
    expect(wrong._error).toBe(MESSAGES.account.codeInvalid);
    const refused = failure(await signup(ssoOnly, clinician.email, HELD_CODE), 403, 'FORBIDDEN');
    expect(refused._error).toBe(MESSAGES.account.passwordNotForAccount);
    expect(await passwordHashOf(ssoOnly, clinician.id)).toBe(before);
  });

  it('a new clinician is told where to sign in, and gets no set-password code', async () => {
    const admin = await loginAs(ssoOnly, 'ADMINISTRATOR');
    const created = successData(
      await ssoOnly.app.inject({
        method: 'POST',
        url: API_PATHS.user.createClinician,
        headers: authHeaders(admin.access_token),
        payload: { name: 'Grace Hopper', email: 'grace@clinic.test', dea_reg_id: 'GH-1' },
      }),
      clinicianSchema,
    );
    const [mail] = ssoOnly.sentMail;
    expect(mail?.to).toBe('grace@clinic.test');
    expect(mail?.text).toContain('"Sign in with Clinic Login"');
    expect(mail?.text).toContain('http://portal.test/login');
    expect(
      await ssoOnly.db.select().from(loginCodes).where(eq(loginCodes.userId, created.id)),
    ).toEqual([]);
  });

  it('participants are not staff: their passwords are untouched', async () => {
    const participant = await createParticipant(ssoOnly.db);
    successData(await sendCode(ssoOnly, participant.email), messageSchema);
    expect(ssoOnly.sentMail.map((mail) => mail.to)).toEqual([participant.email]);
  });
});

describe('an account single sign-on created', () => {
  it('gets no code from "Forgot password?", with the same answer', async () => {
    const provisioned = await createStaff(sso.db, { password: null });
    await markProvisioned(sso, provisioned.id);
    const answer = await sendCode(sso, provisioned.email);
    expect(answer.body).toBe((await sendCode(sso, 'nobody@clinic.test')).body);
    expect(sso.sentMail).toEqual([]);
  });

  it('never signs in with a password, even one it holds', async () => {
    const provisioned = await createStaff(sso.db);
    await markProvisioned(sso, provisioned.id);
    const refused = failure(
      await login(sso, provisioned.email, FACTORY_PASSWORD),
      401,
      'UNAUTHENTICATED',
    );
    expect(refused._error).toBe(MESSAGES.account.signInRefused);
  });

  it('cannot set a password with a code it holds', async () => {
    const provisioned = await createStaff(sso.db, { password: null });
    await markProvisioned(sso, provisioned.id);
    await holdCode(sso, provisioned.id);
    failure(await signup(sso, provisioned.email, HELD_CODE), 403, 'FORBIDDEN');
    expect(await passwordHashOf(sso, provisioned.id)).toBeNull();
  });

  it('is found by its provisioning audit row when the database is migrated, and loses a password', async () => {
    const provisioned = await createStaff(sso.db);
    const invited = await createStaff(sso.db);
    await sso.db.insert(auditLog).values({
      action: AUDIT_ACTIONS.ssoProvisioned,
      actorId: provisioned.id,
      actorEmail: provisioned.email,
      subjectType: 'user',
      subjectId: provisioned.id,
      details: { method: 'oidc' },
    });
    await sso.db.execute(sql.raw(PROVISIONED_SQL));
    const rows = await sso.db
      .select({ id: users.id, provisioned: users.provisionedBySso, hash: users.passwordHash })
      .from(users)
      .orderBy(users.id);
    expect(rows).toEqual([
      { id: provisioned.id, provisioned: true, hash: null },
      { id: invited.id, provisioned: false, hash: expect.stringMatching(/^\$argon2id\$/) },
    ]);
  });
});
