import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginResponseSchema, tokenPairSchema } from '@recovery-portal/contract/account';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import { refreshTokens } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';
import { ok } from '#app/lib/envelope';
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

const WHO_AM_I = '/api/test/who-am-i';
const whoAmISchema = z.object({ id: z.number() });

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get(WHO_AM_I, async (request) => ok({ id: request.staff?.id ?? -1 }));
      },
    },
  );
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

function login(body: object) {
  return postJson(testApp.app, API_PATHS.account.login, body);
}

function refresh(refreshToken: string) {
  return postJson(testApp.app, API_PATHS.account.token, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

function whoAmI(accessToken: string) {
  return testApp.app.inject({ method: 'GET', url: WHO_AM_I, headers: authHeaders(accessToken) });
}

async function auditActions(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.actorEmail, email))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('refresh and logout', () => {
  it('a session kept alive by refreshing still ends SESSION_MAX_HOURS (12 h) after its sign-in', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const renewed = successData(await refresh(clinician.refresh_token), tokenPairSchema);
    // The sign-in (the session's first token) was 12 hours ago; its last renewal just now.
    const [first] = await testApp.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, clinician.user.id))
      .orderBy(refreshTokens.id)
      .limit(1);
    await testApp.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 12 * 3_600_000) })
      .where(eq(refreshTokens.id, first?.id ?? -1));
    expect(failure(await refresh(renewed.refresh_token), 401, 'UNAUTHENTICATED')._error).toBe(
      MESSAGES.account.refreshInvalid,
    );
    failure(await whoAmI(renewed.access_token), 401, 'UNAUTHENTICATED');
    expect(await auditActions(testApp.db, clinician.email)).toContain(
      'account.session.lifetime_expired',
    );
  });

  it("a renewed token never outlives the session's absolute end", async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const renewed = successData(await refresh(clinician.refresh_token), tokenPairSchema);
    const startedAt = new Date(Date.now() - 11 * 3_600_000);
    const [first] = await testApp.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, clinician.user.id))
      .orderBy(refreshTokens.id)
      .limit(1);
    await testApp.db
      .update(refreshTokens)
      .set({ createdAt: startedAt })
      .where(eq(refreshTokens.id, first?.id ?? -1));
    successData(await refresh(renewed.refresh_token), tokenPairSchema);
    const [newest] = await testApp.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, clinician.user.id))
      .orderBy(sql`${refreshTokens.id} desc`)
      .limit(1);
    expect(newest?.expiresAt.getTime()).toBe(startedAt.getTime() + 12 * 3_600_000);
  });

  it('clinician can exchange a refresh token for a new working token pair', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const pair = successData(
      await refresh(clinician.refresh_token),
      z.strictObject(tokenPairSchema.shape),
    );
    expect(pair.refresh_token).not.toBe(clinician.refresh_token);
    expect(pair.access_token).not.toBe(clinician.access_token);
    expect(successData(await whoAmI(pair.access_token), whoAmISchema).id).toBe(clinician.user.id);
    // And the new refresh token rotates again.
    successData(await refresh(pair.refresh_token), tokenPairSchema);
  });

  it('refresh tokens are stored only as hashes', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const rows = await testApp.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, clinician.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(clinician.refresh_token);
  });

  it('reusing a refresh token is refused and ends the whole session, newest token included', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const second = successData(await refresh(clinician.refresh_token), tokenPairSchema);
    const third = successData(await refresh(second.refresh_token), tokenPairSchema);

    const replay = await refresh(clinician.refresh_token);
    expect(failure(replay, 401, 'UNAUTHENTICATED')._error).toBe(MESSAGES.account.refreshInvalid);
    failure(await refresh(third.refresh_token), 401, 'UNAUTHENTICATED');
    const reuse = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, clinician.user.id), eq(auditLog.action, 'account.refresh.reuse')),
      );
    expect(reuse.length).toBeGreaterThan(0);
  });

  it("reuse in one session leaves the same clinician's other sessions alone", async () => {
    const clinician = await createStaff(testApp.db);
    const credentials = { user_name: clinician.email, password: FACTORY_PASSWORD };
    const laptop = successData(await login(credentials), loginResponseSchema);
    const desktop = successData(await login(credentials), loginResponseSchema);
    successData(await refresh(laptop.refresh_token), tokenPairSchema);
    failure(await refresh(laptop.refresh_token), 401, 'UNAUTHENTICATED');
    successData(await refresh(desktop.refresh_token), tokenPairSchema);
  });

  it('an unknown refresh token is refused with 401', async () => {
    failure(await refresh('made-up-refresh-token-that-was-never-issued'), 401, 'UNAUTHENTICATED');
  });

  it('an expired refresh token is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await testApp.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, clinician.user.id));
    failure(await refresh(clinician.refresh_token), 401, 'UNAUTHENTICATED');
  });

  it('a clinician suspended after logging in cannot refresh their session', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, clinician.user.id));
    failure(await refresh(clinician.refresh_token), 401, 'UNAUTHENTICATED');
    failure(await whoAmI(clinician.access_token), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['a wrong grant_type', { grant_type: 'password', refresh_token: 'x' }],
    ['a missing grant_type', { refresh_token: 'x' }],
    ['a missing refresh_token', { grant_type: 'refresh_token' }],
    ['an empty refresh_token', { grant_type: 'refresh_token', refresh_token: '' }],
    ['a numeric refresh_token', { grant_type: 'refresh_token', refresh_token: 12345 }],
    [
      'an oversized refresh_token',
      { grant_type: 'refresh_token', refresh_token: 'x'.repeat(10_000) },
    ],
  ])('a token request with %s is refused with 400', async (_label, body) => {
    const response = await postJson(testApp.app, API_PATHS.account.token, body);
    expect(failure(response, 400, 'VALIDATION_ERROR')._error).toMatch(/\.$/);
  });

  it('clinician can log out, after which their refresh token no longer works', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const rotated = successData(await refresh(clinician.refresh_token), tokenPairSchema);
    const response = await postJson(testApp.app, API_PATHS.account.logout, {
      refresh_token: rotated.refresh_token,
    });
    expect(successData(response, messageSchema).message).toBe(MESSAGES.account.loggedOut);
    failure(await refresh(rotated.refresh_token), 401, 'UNAUTHENTICATED');
    const live = await testApp.db
      .select()
      .from(refreshTokens)
      .where(
        and(eq(refreshTokens.userId, clinician.user.id), sql`${refreshTokens.revokedAt} is null`),
      );
    expect(live).toHaveLength(0);
  });

  it('logging out with an unknown token answers the same success', async () => {
    const response = await postJson(testApp.app, API_PATHS.account.logout, {
      refresh_token: 'never-issued-token',
    });
    expect(successData(response, messageSchema).message).toBe(MESSAGES.account.loggedOut);
  });
});
