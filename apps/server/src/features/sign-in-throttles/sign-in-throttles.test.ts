import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  clearedSignInThrottleSchema,
  signInThrottleListSchema,
  THROTTLE_MESSAGES,
} from '@recovery-portal/contract/sign-in-throttles';
import { auditLog } from '#app/db/schema/audit';
import { loginAttempts } from '#app/db/schema/auth';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createStaff, FACTORY_PASSWORD } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';

const MAX_PER_ACCOUNT = 2;
const MAX_PER_ADDRESS = 3;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
  });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

const attempt = (email: string, password: string, remoteAddress: string) =>
  postJson(testApp.app, API_PATHS.account.login, { user_name: email, password }, { remoteAddress });

function list(accessToken: string) {
  return testApp.app.inject({
    method: 'GET',
    url: API_PATHS.staff.signInThrottles,
    headers: authHeaders(accessToken),
  });
}

function clear(accessToken: string, body: object) {
  return postJson(testApp.app, API_PATHS.staff.signInThrottlesClear, body, {
    headers: authHeaders(accessToken),
  });
}

describe('sign-in throttles for administrators', () => {
  it('an administrator sees the waiting account and address, clears it, and the owner signs in at once', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const clinician = await createStaff(testApp.db);
    for (let i = 0; i < MAX_PER_ACCOUNT; i += 1) {
      await attempt(clinician.email, 'Wrong-password-1', '10.1.0.7');
    }
    failure(await attempt(clinician.email, FACTORY_PASSWORD, '10.1.0.7'), 429, 'RATE_LIMITED');

    const rows = successData(await list(admin.access_token), signInThrottleListSchema);
    const row = rows.find((entry) => entry.email === clinician.email);
    expect(row).toMatchObject({ client_address: '10.1.0.7', failures: MAX_PER_ACCOUNT });
    expect(new Date(row?.waits_until ?? 0).getTime()).toBeGreaterThan(Date.now());

    const cleared = successData(
      await clear(admin.access_token, { email: clinician.email, client_address: '10.1.0.7' }),
      clearedSignInThrottleSchema,
    );
    expect(cleared).toEqual({ cleared: MAX_PER_ACCOUNT, message: THROTTLE_MESSAGES.cleared });
    const signedIn = await attempt(clinician.email, FACTORY_PASSWORD, '10.1.0.7');
    expect(successData(signedIn, loginResponseSchema).user.id).toBe(clinician.id);
    const audited = await testApp.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['staff.sign_in_throttles.list', 'staff.sign_in_throttle.clear']),
    );
  });

  it('an address trying many accounts is listed on its own and can be cleared as a whole', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    for (let i = 0; i < MAX_PER_ADDRESS; i += 1) {
      await attempt(`guess-${i}@clinic.test`, 'Wrong-password-1', '10.1.0.8');
    }
    const rows = successData(await list(admin.access_token), signInThrottleListSchema);
    expect(rows[0]).toMatchObject({
      email: null,
      client_address: '10.1.0.8',
      failures: MAX_PER_ADDRESS,
    });
    expect(rows[0]?.waits_until).not.toBeNull();
    successData(
      await clear(admin.access_token, { email: null, client_address: '10.1.0.8' }),
      clearedSignInThrottleSchema,
    );
    expect(successData(await list(admin.access_token), signInThrottleListSchema)).toEqual([]);
  });

  it('clearing nothing answers 404 with a sentence', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const response = await clear(admin.access_token, {
      email: 'nobody@clinic.test',
      client_address: '10.1.0.9',
    });
    expect(failure(response, 404, 'NOT_FOUND')._error).toBe(THROTTLE_MESSAGES.notFound);
  });

  it('clinicians may neither see nor clear throttles', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    failure(await list(clinician.access_token), 403, 'FORBIDDEN');
    failure(
      await clear(clinician.access_token, { email: null, client_address: '10.1.0.1' }),
      403,
      'FORBIDDEN',
    );
  });

  it.each([
    ['no address', { email: null }],
    ['a number as address', { email: null, client_address: 7 }],
    ['a huge address', { email: null, client_address: 'x'.repeat(10_000) }],
    ['no email key', { client_address: '10.0.0.1' }],
  ])('a clear with %s answers 400', async (_label, body) => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await clear(admin.access_token, body), 400, 'VALIDATION_ERROR');
  });
});

describe('the sign-in throttles: two round trips', () => {
  it('sends the session check, then one statement that reads the throttles and writes the audit row', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const failed = (email: string, clientAddress: string, seconds: number, deviceId?: string) => ({
      email,
      clientAddress,
      succeeded: false,
      deviceId: deviceId ?? null,
      createdAt: secondsAgo(seconds),
    });
    // a@ waits at 10.2.0.1 (2 failures), so does the address (3 untrusted failures over two
    // accounts; the trusted browser's apart); the latest untrusted one there is b@'s.
    await testApp.db
      .insert(loginAttempts)
      .values([
        failed('a@clinic.test', '10.2.0.1', 20),
        failed('a@clinic.test', '10.2.0.1', 10),
        failed('b@clinic.test', '10.2.0.1', 5),
        failed('a@clinic.test', '10.2.0.1', 3, 'device-1'),
        failed('c@clinic.test', '10.2.0.2', 2),
        { ...failed('c@clinic.test', '10.2.0.2', 1), succeeded: true },
      ]);
    let response = await list(admin.access_token);
    const sent = await statementsOf(testApp, async () => {
      response = await list(admin.access_token);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const rows = successData(response, signInThrottleListSchema);
    // Those waiting first, then the latest first.
    expect(
      rows.map((row) => [
        row.email,
        row.client_address,
        row.trusted_browser,
        row.failures,
        row.waits_until !== null,
      ]),
    ).toEqual([
      ['a@clinic.test', '10.2.0.1', false, 2, true],
      [null, '10.2.0.1', false, MAX_PER_ADDRESS, true],
      ['c@clinic.test', '10.2.0.2', false, 1, false],
      ['a@clinic.test', '10.2.0.1', true, 1, false],
      ['b@clinic.test', '10.2.0.1', false, 1, false],
    ]);
    expect(rows[1]?.last_failure_at).toBe(rows[4]?.last_failure_at);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'staff.sign_in_throttles.list',
        subjectType: null,
        subjectId: null,
        details: { rows: 5 },
      },
    ]);
  });
});
