import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { idleCutoffSeconds, sessionPolicySchema } from '@recovery-portal/contract/session-policy';
import { loadConfig } from '#app/config';
import { auditLog } from '#app/db/schema/audit';
import { refreshTokens } from '#app/db/schema/auth';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';

const IDLE_MINUTES = 7;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ IDLE_TIMEOUT_MINUTES: String(IDLE_MINUTES) });
});
afterAll(async () => {
  await testApp.close();
});

const refresh = (refreshToken: string) =>
  postJson(testApp.app, API_PATHS.account.token, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });

/** Makes the session look unused for `seconds`: its newest token was issued that long ago. */
async function leaveIdle(userId: number, seconds: number) {
  await testApp.db
    .update(refreshTokens)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.userId, userId));
}

describe('idle logoff on the server', () => {
  it('the portal can read the configured idle period without signing in', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.sessionPolicy });
    expect(successData(response, sessionPolicySchema)).toEqual({
      idle_timeout_minutes: IDLE_MINUTES,
    });
  });

  it('a session renewed within the idle period keeps working', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await leaveIdle(clinician.user.id, IDLE_MINUTES * 60 - 30);
    successData(await refresh(clinician.refresh_token), tokenPairSchema);
  });

  it('a session left idle past the period cannot be renewed, so a closed laptop cannot resume it', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await leaveIdle(clinician.user.id, idleCutoffSeconds(IDLE_MINUTES) + 5);
    const refused = failure(await refresh(clinician.refresh_token), 401, 'UNAUTHENTICATED');
    expect(refused._error).toBe(MESSAGES.account.refreshInvalid);
    // The whole session ended: its access token stops working at once too.
    const status = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.mfa.status,
      headers: authHeaders(clinician.access_token),
    });
    failure(status, 401, 'UNAUTHENTICATED');
    const rows = await testApp.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, clinician.user.id));
    expect(rows.find((row) => row.action === AUDIT_ACTIONS.sessionIdleExpired)?.details).toEqual(
      expect.objectContaining({ idle_timeout_minutes: IDLE_MINUTES }),
    );
  });

  it('an access token never outlives the idle cutoff of its session', async () => {
    const shortIdle = await buildTestApp({ IDLE_TIMEOUT_MINUTES: '1' });
    try {
      const staff = await loginAs(shortIdle, 'CLINICIAN');
      const claims = decodeJwt(staff.access_token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(idleCutoffSeconds(1));
    } finally {
      await shortIdle.close();
    }
    // With 7 idle minutes the cutoff (9 min 20 s) is shorter than the 15-minute token lifetime.
    const capped = decodeJwt((await loginAs(testApp, 'CLINICIAN')).access_token);
    expect((capped.exp ?? 0) - (capped.iat ?? 0)).toBe(idleCutoffSeconds(IDLE_MINUTES));
    // With the default 15 idle minutes the cutoff (20 min) leaves the 15-minute lifetime alone.
    expect(idleCutoffSeconds(15)).toBeGreaterThan(900);
  });

  it('IDLE_TIMEOUT_MINUTES defaults to 15 and a bad value names the variable', () => {
    expect(loadConfig({}).idleTimeoutMinutes).toBe(15);
    for (const value of ['0', '-5', 'soon', '1.5', '1441']) {
      expect(() => loadConfig({ IDLE_TIMEOUT_MINUTES: value })).toThrow(/IDLE_TIMEOUT_MINUTES/);
    }
  });
});
