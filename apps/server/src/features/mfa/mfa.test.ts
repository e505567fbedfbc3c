import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  formatRecoveryCode,
  MFA_MESSAGES,
  mfaChallengeSchema,
  mfaEnrolledLoginSchema,
  mfaEnrolmentSchema,
  mfaPolicySchema,
  mfaStatusSchema,
  recoveryCodesSchema,
} from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';
import { auditLog } from '#app/db/schema/audit';
import { mfaRecoveryCodes, staffMfa } from '#app/db/schema/mfa';
import {
  authHeaders,
  csrfHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import { totpCode } from './totp';

const testApp = useTestApp();

beforeEach(async () => {
  await testApp.reset();
});

/** The code of the time step `offset` steps from now (the server accepts one step either side). */
const codeAt = (secret: string, offset = 0) => totpCode(secret, Date.now() + offset * 30_000);

const post = (url: string, body: object, accessToken?: string) =>
  postJson(testApp.app, url, body, accessToken ? { headers: authHeaders(accessToken) } : {});

const get = (url: string, accessToken: string) =>
  testApp.app.inject({ method: 'GET', url, headers: authHeaders(accessToken) });

const put = (url: string, body: object, accessToken: string) =>
  testApp.app.inject({ method: 'PUT', url, payload: body, headers: authHeaders(accessToken) });

const signIn = (staff: { email: string; password: string }) =>
  post(API_PATHS.account.login, { user_name: staff.email, password: staff.password });

interface EnrolledStaff extends LoggedInStaff {
  secret: string;
  recoveryCodes: string[];
}

/** A signed-in staff member who has turned two-step sign-in on with the current code. */
async function enrolled(role: StaffRole = 'CLINICIAN'): Promise<EnrolledStaff> {
  const staff = await loginAs(testApp, role);
  const { secret } = successData(
    await post(API_PATHS.mfa.setup, {}, staff.access_token),
    mfaEnrolmentSchema,
  );
  const { recovery_codes } = successData(
    await post(API_PATHS.mfa.confirm, { code: codeAt(secret) }, staff.access_token),
    recoveryCodesSchema,
  );
  return { ...staff, secret, recoveryCodes: recovery_codes };
}

async function challengeFor(staff: { email: string; password: string }) {
  return successData(await signIn(staff), mfaChallengeSchema);
}

async function actionsOf(userId: number) {
  const rows = await testApp.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(auditLog.id);
  return rows;
}

describe('setting up two-step sign-in', () => {
  it('a clinician scans a QR code, confirms with a code and receives recovery codes once', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const enrolment = successData(
      await post(API_PATHS.mfa.setup, {}, clinician.access_token),
      mfaEnrolmentSchema,
    );
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_uri).toContain(encodeURIComponent(clinician.email));
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment.account_name).toBe(clinician.email);

    // Asking again while the setup waits offers the same secret (a double click, a re-render).
    const again = successData(
      await post(API_PATHS.mfa.setup, {}, clinician.access_token),
      mfaEnrolmentSchema,
    );
    expect(again.secret).toBe(enrolment.secret);

    const [stored] = await testApp.db
      .select()
      .from(staffMfa)
      .where(eq(staffMfa.userId, clinician.user.id));
    expect(stored?.secretCiphertext).not.toContain(enrolment.secret);
    expect(stored?.enabledAt).toBeNull();

    const wrong = failure(
      await post(API_PATHS.mfa.confirm, { code: '000000' }, clinician.access_token),
      422,
      'UNPROCESSABLE',
    );
    expect(wrong._error).toBe(MFA_MESSAGES.codeInvalid);

    const { recovery_codes } = successData(
      await post(API_PATHS.mfa.confirm, { code: codeAt(enrolment.secret) }, clinician.access_token),
      recoveryCodesSchema,
    );
    expect(recovery_codes).toHaveLength(10);
    const hashes = await testApp.db
      .select({ hash: mfaRecoveryCodes.codeHash })
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, clinician.user.id));
    expect(hashes).toHaveLength(10);
    for (const { hash } of hashes) expect(recovery_codes).not.toContain(hash);

    const status = successData(
      await get(API_PATHS.mfa.status, clinician.access_token),
      mfaStatusSchema,
    );
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(status.enabled_at).not.toBeNull();

    failure(await post(API_PATHS.mfa.setup, {}, clinician.access_token), 409, 'CONFLICT');
    const actions = (await actionsOf(clinician.user.id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        AUDIT_ACTIONS.mfaEnrolStart,
        AUDIT_ACTIONS.mfaChallengeFailed,
        AUDIT_ACTIONS.mfaEnrol,
        AUDIT_ACTIONS.mfaStatusView,
      ]),
    );
  });

  it('confirming without a setup in progress is refused with a sentence', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await post(API_PATHS.mfa.confirm, { code: '123456' }, clinician.access_token);
    expect(failure(response, 409, 'CONFLICT')._error).toBe(MFA_MESSAGES.noPendingSetup);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('the password step answers a challenge, and the code completes the sign-in', async () => {
    const clinician = await enrolled();
    const response = await signIn(clinician);
    const challenge = successData(response, mfaChallengeSchema);
    expect(challenge.mfa).toBe('VERIFY');
    expect(response.body).not.toMatch(/access_token|refresh_token/);

    const session = successData(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: codeAt(clinician.secret, 1),
      }),
      loginResponseSchema,
    );
    expect(session.user.id).toBe(clinician.user.id);
    successData(await get(API_PATHS.mfa.status, session.access_token), mfaStatusSchema);

    const login = (await actionsOf(clinician.user.id)).filter(
      (row) => row.action === AUDIT_ACTIONS.login,
    );
    expect(login.at(-1)?.details).toEqual({ second_factor: 'totp' });
    // The challenge is single use.
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: codeAt(clinician.secret, 1),
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('a code that was already used is refused, even within its time window', async () => {
    const clinician = await enrolled();
    const code = codeAt(clinician.secret, 1);
    const first = await challengeFor(clinician);
    successData(
      await post(API_PATHS.mfa.verify, { challenge_token: first.challenge_token, code }),
      loginResponseSchema,
    );
    const second = await challengeFor(clinician);
    const replay = failure(
      await post(API_PATHS.mfa.verify, { challenge_token: second.challenge_token, code }),
      401,
      'UNAUTHENTICATED',
    );
    expect(replay._error).toBe(MFA_MESSAGES.codeInvalid);
    // The enrolment code (an earlier step) is no good either.
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: second.challenge_token,
        code: codeAt(clinician.secret, -1),
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('a recovery code signs in once, typed in any case and with or without dashes', async () => {
    const clinician = await enrolled();
    const [code = '', other = ''] = clinician.recoveryCodes;
    const challenge = await challengeFor(clinician);
    successData(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: formatRecoveryCode(code).toLowerCase(),
      }),
      loginResponseSchema,
    );
    const again = await challengeFor(clinician);
    failure(
      await post(API_PATHS.mfa.verify, { challenge_token: again.challenge_token, code }),
      401,
      'UNAUTHENTICATED',
    );
    successData(
      await post(API_PATHS.mfa.verify, { challenge_token: again.challenge_token, code: other }),
      loginResponseSchema,
    );
    const actions = await actionsOf(clinician.user.id);
    expect(
      actions.find((row) => row.action === AUDIT_ACTIONS.mfaRecoveryCodeUsed)?.details,
    ).toEqual({ recovery_codes_left: 9 });
    expect(actions.filter((row) => row.action === AUDIT_ACTIONS.login).at(-1)?.details).toEqual({
      second_factor: 'recovery code',
    });
    const status = successData(
      await get(API_PATHS.mfa.status, clinician.access_token),
      mfaStatusSchema,
    );
    expect(status.recovery_codes_left).toBe(8);
  });

  it('wrong codes are throttled like wrong passwords, and the right code then waits too', async () => {
    const clinician = await enrolled();
    const challenge = await challengeFor(clinician);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = failure(
        await post(API_PATHS.mfa.verify, {
          challenge_token: challenge.challenge_token,
          code: attempt % 2 ? '000000' : 'AAAA-BBBB-CCCC',
        }),
        401,
        'UNAUTHENTICATED',
      );
      expect(wrong._error).toBe(MFA_MESSAGES.codeInvalid);
    }
    // The challenge died after five wrong codes; a new one is throttled with the password.
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: codeAt(clinician.secret, 1),
      }),
      401,
      'UNAUTHENTICATED',
    );
    const throttled = failure(await signIn(clinician), 429, 'RATE_LIMITED');
    expect(throttled._error).toBe(MESSAGES.account.tooManyAttempts);
    const failed = (await actionsOf(clinician.user.id)).filter(
      (row) => row.action === AUDIT_ACTIONS.mfaChallengeFailed,
    );
    expect(failed).toHaveLength(5);
  });

  it('a code for a challenge that never existed, or of the wrong kind, is refused', async () => {
    for (const token of ['not-a-challenge', 'x'.repeat(512), "' or 1=1 --"]) {
      const response = await post(API_PATHS.mfa.verify, { challenge_token: token, code: '123456' });
      expect(failure(response, 401, 'UNAUTHENTICATED')._error).toBe(MFA_MESSAGES.challengeExpired);
      failure(
        await post(API_PATHS.mfa.enrolStart, { challenge_token: token }),
        401,
        'UNAUTHENTICATED',
      );
    }
    const clinician = await enrolled();
    const challenge = await challengeFor(clinician);
    failure(
      await post(API_PATHS.mfa.enrolStart, { challenge_token: challenge.challenge_token }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('a suspended account cannot finish a sign-in it started', async () => {
    const clinician = await enrolled();
    const challenge = await challengeFor(clinician);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const suspend = await testApp.app.inject({
      method: 'PATCH',
      url: API_PATHS.user.clinicianStatus,
      payload: { id: clinician.user.id, status: 'SUSPENDED' },
      headers: authHeaders(admin.access_token),
    });
    expect(suspend.statusCode).toBe(200);
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: codeAt(clinician.secret, 1),
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('turning two-step sign-in off and replacing recovery codes', () => {
  it('takes the password; a wrong one changes nothing', async () => {
    const clinician = await enrolled();
    const wrong = failure(
      await post(API_PATHS.mfa.disable, { password: 'not-the-password' }, clinician.access_token),
      422,
      'UNPROCESSABLE',
    );
    expect(wrong._error).toBe(MFA_MESSAGES.proofInvalid);
    expect((await challengeFor(clinician)).mfa).toBe('VERIFY');

    const done = successData(
      await post(API_PATHS.mfa.disable, { password: clinician.password }, clinician.access_token),
      messageSchema,
    );
    expect(done.message).toBe(MFA_MESSAGES.disabled);
    successData(await signIn(clinician), loginResponseSchema);
    const codes = await testApp.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, clinician.user.id));
    expect(codes).toEqual([]);
    failure(
      await post(API_PATHS.mfa.disable, { password: clinician.password }, clinician.access_token),
      409,
      'CONFLICT',
    );
  });

  it('takes a current code instead of the password', async () => {
    const clinician = await enrolled();
    successData(
      await post(
        API_PATHS.mfa.disable,
        { code: codeAt(clinician.secret, 1) },
        clinician.access_token,
      ),
      messageSchema,
    );
    const rows = (await actionsOf(clinician.user.id)).filter(
      (row) => row.action === AUDIT_ACTIONS.mfaDisable,
    );
    expect(rows[0]?.details).toEqual({ confirmed_with: 'code' });
  });

  it('new recovery codes replace the old ones', async () => {
    const clinician = await enrolled();
    const { recovery_codes } = successData(
      await post(
        API_PATHS.mfa.recoveryCodes,
        { password: clinician.password },
        clinician.access_token,
      ),
      recoveryCodesSchema,
    );
    expect(recovery_codes).toHaveLength(10);
    const challenge = await challengeFor(clinician);
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: clinician.recoveryCodes[0],
      }),
      401,
      'UNAUTHENTICATED',
    );
    successData(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: recovery_codes[0],
      }),
      loginResponseSchema,
    );
  });
});

describe('an administrator requiring two-step sign-in for all staff', () => {
  it('must have it on themselves first', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const refused = failure(
      await put(API_PATHS.mfa.policy, { required_for_staff: true }, admin.access_token),
      409,
      'CONFLICT',
    );
    expect(refused._error).toBe(MFA_MESSAGES.requireSelfFirst);
  });

  it('a clinician without it sets it up at sign-in before getting a session', async () => {
    const admin = await enrolled('ADMINISTRATOR');
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const policy = successData(
      await put(API_PATHS.mfa.policy, { required_for_staff: true }, admin.access_token),
      mfaPolicySchema,
    );
    expect(policy.required_for_staff).toBe(true);
    expect(policy.staff.find((member) => member.id === admin.user.id)?.mfa_enabled).toBe(true);
    expect(policy.staff.find((member) => member.id === clinician.user.id)?.mfa_enabled).toBe(false);

    const challenge = await challengeFor(clinician);
    expect(challenge.mfa).toBe('ENROL');
    // An enrolment challenge opens nothing but the enrolment.
    failure(
      await post(API_PATHS.mfa.verify, {
        challenge_token: challenge.challenge_token,
        code: '123456',
      }),
      401,
      'UNAUTHENTICATED',
    );
    const enrolment = successData(
      await post(API_PATHS.mfa.enrolStart, { challenge_token: challenge.challenge_token }),
      mfaEnrolmentSchema,
    );
    failure(
      await post(API_PATHS.mfa.enrolConfirm, {
        challenge_token: challenge.challenge_token,
        code: codeAt(enrolment.secret, 5),
      }),
      401,
      'UNAUTHENTICATED',
    );
    const session = successData(
      await post(API_PATHS.mfa.enrolConfirm, {
        challenge_token: challenge.challenge_token,
        code: codeAt(enrolment.secret),
      }),
      mfaEnrolledLoginSchema,
    );
    expect(session.user.id).toBe(clinician.user.id);
    expect(session.recovery_codes).toHaveLength(10);

    // While required, nobody can turn it off for themselves.
    const refused = failure(
      await post(API_PATHS.mfa.disable, { password: clinician.password }, session.access_token),
      409,
      'CONFLICT',
    );
    expect(refused._error).toBe(MFA_MESSAGES.requiredCannotDisable);
    const status = successData(
      await get(API_PATHS.mfa.status, session.access_token),
      mfaStatusSchema,
    );
    expect(status).toMatchObject({ enabled: true, required_for_staff: true });

    const changes = await testApp.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.mfaRequirementChange),
          eq(auditLog.actorId, admin.user.id),
        ),
      );
    expect(changes.map((row) => row.details)).toEqual([{ required_for_staff: true, was: false }]);
    successData(
      await put(API_PATHS.mfa.policy, { required_for_staff: false }, admin.access_token),
      mfaPolicySchema,
    );
    const other = await loginAs(testApp, 'CLINICIAN');
    expect(other.access_token).toBeTruthy();
  });

  it('an administrator can turn it off for a staff member who lost their phone', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const clinician = await enrolled();
    const done = successData(
      await testApp.app.inject({
        method: 'DELETE',
        url: API_PATHS.mfa.staff(clinician.user.id),
        headers: authHeaders(admin.access_token),
      }),
      messageSchema,
    );
    expect(done.message).toBe(MFA_MESSAGES.staffReset);
    successData(await signIn(clinician), loginResponseSchema);
    const participant = await createParticipant(testApp.db);
    for (const id of [participant.id, 2_147_483_000]) {
      failure(
        await testApp.app.inject({
          method: 'DELETE',
          url: API_PATHS.mfa.staff(id),
          headers: authHeaders(admin.access_token),
        }),
        404,
        'NOT_FOUND',
      );
    }
    const resets = await testApp.db
      .select({ subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.mfaReset), eq(auditLog.actorId, admin.user.id)));
    expect(resets).toEqual([{ subjectId: clinician.user.id }]);
  });
});

describe('who may call the two-step sign-in routes', () => {
  it('anonymous callers get 401 and clinicians 403 on the administrator routes', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const anonymous = [
      testApp.app.inject({ method: 'GET', url: API_PATHS.mfa.status }),
      postJson(testApp.app, API_PATHS.mfa.setup, {}),
      postJson(testApp.app, API_PATHS.mfa.confirm, { code: '123456' }),
      postJson(testApp.app, API_PATHS.mfa.disable, { password: 'x' }),
      postJson(testApp.app, API_PATHS.mfa.recoveryCodes, { password: 'x' }),
      testApp.app.inject({ method: 'GET', url: API_PATHS.mfa.policy }),
    ];
    for (const response of await Promise.all(anonymous)) {
      failure(response, 401, 'UNAUTHENTICATED');
    }
    const asClinician = [
      get(API_PATHS.mfa.policy, clinician.access_token),
      put(API_PATHS.mfa.policy, { required_for_staff: false }, clinician.access_token),
      testApp.app.inject({
        method: 'DELETE',
        url: API_PATHS.mfa.staff(clinician.user.id),
        headers: authHeaders(clinician.access_token),
      }),
    ];
    for (const response of await Promise.all(asClinician)) failure(response, 403, 'FORBIDDEN');
  });

  it('ugly input gets a 400 with a sentence, never a 500', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const huge = 'x'.repeat(100_000);
    const cases: [string, unknown, string | undefined][] = [
      [API_PATHS.mfa.verify, {}, undefined],
      [API_PATHS.mfa.verify, { challenge_token: 42, code: { $ne: null } }, undefined],
      [API_PATHS.mfa.verify, { challenge_token: huge, code: '123456' }, undefined],
      [API_PATHS.mfa.verify, { challenge_token: 'abc', code: huge }, undefined],
      [API_PATHS.mfa.verify, { challenge_token: 'abc', code: "1' OR '1'='1" }, undefined],
      [API_PATHS.mfa.verify, { challenge_token: 'abc', code: '12345\u0000' }, undefined],
      [API_PATHS.mfa.enrolStart, { challenge_token: ['a'] }, undefined],
      [API_PATHS.mfa.enrolConfirm, { challenge_token: 'abc', code: 'ABCD-EFGH-JKLM' }, undefined],
      [API_PATHS.mfa.confirm, { code: 'abcdef' }, clinician.access_token],
      [API_PATHS.mfa.confirm, { code: 123456 }, clinician.access_token],
      [API_PATHS.mfa.disable, {}, clinician.access_token],
      [API_PATHS.mfa.disable, { password: 'x', code: '123456' }, clinician.access_token],
      [API_PATHS.mfa.disable, { code: '<script>' }, clinician.access_token],
      [API_PATHS.mfa.recoveryCodes, { password: huge }, clinician.access_token],
    ];
    for (const [url, body, token] of cases) {
      const response = await postJson(testApp.app, url, body as object, {
        headers: token ? authHeaders(token) : csrfHeaders(),
      });
      const envelope = failure(response, 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(/^[A-Za-z_].{8,}/);
    }
    const admin = await enrolled('ADMINISTRATOR');
    for (const body of [{}, { required_for_staff: 'yes' }, { required_for_staff: null }]) {
      const response = await put(API_PATHS.mfa.policy, body, admin.access_token);
      failure(response, 400, 'VALIDATION_ERROR');
    }
    // None of it started a setup or changed the requirement.
    const rows = await testApp.db
      .select()
      .from(staffMfa)
      .where(inArray(staffMfa.userId, [clinician.user.id]));
    expect(rows).toEqual([]);
    const policy = successData(
      await get(API_PATHS.mfa.policy, admin.access_token),
      mfaPolicySchema,
    );
    expect(policy.required_for_staff).toBe(false);
  });
});

describe('two round trips', () => {
  /** The statements of the call once warm (one-time work does not count), and its answer. */
  async function warmStatementsOf(url: string, accessToken: string) {
    let response = await get(url, accessToken);
    const sent = await statementsOf(testApp, async () => {
      response = await get(url, accessToken);
    });
    vi.restoreAllMocks();
    return { sent, response };
  }

  it('the own status: the session check, then one statement with the audit row', async () => {
    const admin = await enrolled('ADMINISTRATOR');
    const pending = await loginAs(testApp, 'CLINICIAN');
    successData(await post(API_PATHS.mfa.setup, {}, pending.access_token), mfaEnrolmentSchema);
    const [used] = await testApp.db
      .select({ id: mfaRecoveryCodes.id })
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, admin.user.id))
      .limit(1);
    await testApp.db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(eq(mfaRecoveryCodes.id, used?.id ?? 0));
    successData(
      await put(API_PATHS.mfa.policy, { required_for_staff: true }, admin.access_token),
      mfaPolicySchema,
    );
    const [stored] = await testApp.db
      .select({ enabledAt: staffMfa.enabledAt })
      .from(staffMfa)
      .where(eq(staffMfa.userId, admin.user.id));

    const own = await warmStatementsOf(API_PATHS.mfa.status, admin.access_token);
    expect(own.sent).toHaveLength(2);
    expect(own.sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(own.response, mfaStatusSchema)).toEqual({
      enabled: true,
      enabled_at: stored?.enabledAt?.toISOString(),
      recovery_codes_left: 9,
      required_for_staff: true,
    });
    expect(await auditedReadsOf(testApp.db, own.response)).toEqual([
      {
        action: AUDIT_ACTIONS.mfaStatusView,
        subjectType: 'user',
        subjectId: admin.user.id,
        details: null,
      },
    ]);

    // A setup still waiting for its first code is not on.
    const waiting = await warmStatementsOf(API_PATHS.mfa.status, pending.access_token);
    expect(waiting.sent).toHaveLength(2);
    expect(successData(waiting.response, mfaStatusSchema)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required_for_staff: true,
    });
    expect(await auditedReadsOf(testApp.db, waiting.response)).toEqual([
      {
        action: AUDIT_ACTIONS.mfaStatusView,
        subjectType: 'user',
        subjectId: pending.user.id,
        details: null,
      },
    ]);
  });

  it('the policy: the session check, then one statement with the audit row', async () => {
    const admin = await enrolled('ADMINISTRATOR');
    const pending = await loginAs(testApp, 'CLINICIAN');
    successData(await post(API_PATHS.mfa.setup, {}, pending.access_token), mfaEnrolmentSchema);
    const without = await loginAs(testApp, 'CLINICIAN');
    await createParticipant(testApp.db);
    const member = (staff: LoggedInStaff, mfaEnabled: boolean) => ({
      id: staff.user.id,
      first_name: staff.user.first_name,
      last_name: staff.user.last_name,
      email: staff.email,
      role: staff.user.role,
      status: 'ACTIVATED',
      mfa_enabled: mfaEnabled,
    });
    const staff = [member(admin, true), member(pending, false), member(without, false)];

    // No requirement ever set, then required, then no longer.
    for (const required of [null, true, false]) {
      if (required !== null) {
        successData(
          await put(API_PATHS.mfa.policy, { required_for_staff: required }, admin.access_token),
          mfaPolicySchema,
        );
      }
      const { sent, response } = await warmStatementsOf(API_PATHS.mfa.policy, admin.access_token);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatch(/insert into "audit_log"/);
      expect(successData(response, mfaPolicySchema)).toEqual({
        required_for_staff: required ?? false,
        staff,
      });
      expect(await auditedReadsOf(testApp.db, response)).toEqual([
        {
          action: AUDIT_ACTIONS.mfaPolicyView,
          subjectType: null,
          subjectId: null,
          details: { enrolled: 1 },
        },
      ]);
    }
  });
});
