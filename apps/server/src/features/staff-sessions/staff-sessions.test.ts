import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginResponseSchema, tokenPairSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  revokedSessionsSchema,
  SESSION_MESSAGES,
  staffSessionListSchema,
} from '@recovery-portal/contract/clinicians';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { idleCutoffSeconds } from '@recovery-portal/contract/session-policy';
import { auditLog } from '#app/db/schema/audit';
import { refreshTokens } from '#app/db/schema/auth';
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
import { createParticipant, createStaff, FACTORY_PASSWORD } from '#app/test/factories';

const testApp = useTestApp();
let admin: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

/** Signs a factory clinician in from a given address and browser. */
async function signIn(email: string, remoteAddress: string, userAgent: string) {
  const response = await postJson(
    testApp.app,
    API_PATHS.account.login,
    { user_name: email, password: FACTORY_PASSWORD },
    { remoteAddress, headers: { 'user-agent': userAgent } },
  );
  return successData(response, loginResponseSchema);
}

/** The session id (`sid` claim) of an access token. */
function sessionIdOf(accessToken: string): string {
  const payload = Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8');
  return z.object({ sid: z.uuid() }).parse(JSON.parse(payload)).sid;
}

const listSessions = (userId: number | string, token: string | null = admin.access_token) =>
  testApp.app.inject({
    method: 'GET',
    url: API_PATHS.staff.sessions(userId),
    headers: token ? authHeaders(token) : csrfHeaders(),
  });

const revokeSession = (
  userId: number | string,
  sessionId: string,
  token: string | null = admin.access_token,
) =>
  testApp.app.inject({
    method: 'DELETE',
    url: API_PATHS.staff.session(userId, sessionId),
    headers: token ? authHeaders(token) : csrfHeaders(),
  });

const revokeAll = (userId: number | string, token: string | null = admin.access_token) =>
  testApp.app.inject({
    method: 'DELETE',
    url: API_PATHS.staff.sessions(userId),
    headers: token ? authHeaders(token) : csrfHeaders(),
  });

const refresh = (refreshToken: string) =>
  postJson(testApp.app, API_PATHS.account.token, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });

/** A call any clinician may make, to tell whether an access token still works. */
const clinicianCall = (accessToken: string) =>
  postJson(
    testApp.app,
    API_PATHS.user.list,
    { page_size: 1 },
    { headers: authHeaders(accessToken) },
  );

async function sessionsOf(userId: number) {
  return successData(await listSessions(userId), staffSessionListSchema);
}

describe("an administrator sees a staff member's sessions", () => {
  it('each sign-in is one session, listed most recently used first with its address and browser', async () => {
    const clinician = await createStaff(testApp.db);
    const laptop = await signIn(clinician.email, '10.0.0.1', 'Laptop Firefox');
    await signIn(clinician.email, '10.0.0.2', 'Phone Safari');
    // Renewing the laptop's access makes it the most recently used, still one session.
    await postJson(
      testApp.app,
      API_PATHS.account.token,
      { grant_type: 'refresh_token', refresh_token: laptop.refresh_token },
      { remoteAddress: '10.0.0.3', headers: { 'user-agent': 'Laptop Firefox 2' } },
    );

    const sessions = await sessionsOf(clinician.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => [session.client_address, session.user_agent])).toEqual([
      ['10.0.0.3', 'Laptop Firefox 2'],
      ['10.0.0.2', 'Phone Safari'],
    ]);
    const [first] = sessions;
    expect(Date.parse(first?.created_at ?? '')).toBeLessThanOrEqual(
      Date.parse(first?.last_used_at ?? ''),
    );
    expect(Date.parse(first?.expires_at ?? '')).toBeGreaterThan(Date.now());
    // Nothing secret travels: no token or hash.
    expect(JSON.stringify(sessions)).not.toContain(laptop.refresh_token);
  });

  it('sessions that logged out are not listed', async () => {
    const clinician = await createStaff(testApp.db);
    const gone = await signIn(clinician.email, '10.0.0.1', 'A');
    await signIn(clinician.email, '10.0.0.2', 'B');
    await postJson(testApp.app, API_PATHS.account.logout, { refresh_token: gone.refresh_token });
    expect((await sessionsOf(clinician.id)).map((session) => session.user_agent)).toEqual(['B']);
  });

  it('a session left idle past the cutoff is not listed: it can no longer be renewed', async () => {
    const clinician = await createStaff(testApp.db);
    const idle = await signIn(clinician.email, '10.0.0.1', 'Left open');
    await signIn(clinician.email, '10.0.0.2', 'In use');
    // The idle session's newest token was issued just past the cutoff, nothing revoked it.
    await testApp.db
      .update(refreshTokens)
      .set({
        createdAt: sql`now() - make_interval(secs => ${idleCutoffSeconds(testApp.config.idleTimeoutMinutes) + 5})`,
      })
      .where(eq(refreshTokens.familyId, sessionIdOf(idle.access_token)));

    expect((await sessionsOf(clinician.id)).map((session) => session.user_agent)).toEqual([
      'In use',
    ]);
    failure(
      await postJson(testApp.app, API_PATHS.account.token, {
        grant_type: 'refresh_token',
        refresh_token: idle.refresh_token,
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('looking at the sessions is audited with the staff member as subject', async () => {
    const clinician = await createStaff(testApp.db);
    await sessionsOf(clinician.id);
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'staff.sessions.list')));
    expect(rows).toMatchObject([
      { subjectType: 'user', subjectId: clinician.id, details: { count: 0 } },
    ]);
  });

  it("an administrator's own sessions can be listed too", async () => {
    expect(await sessionsOf(admin.user.id)).toHaveLength(1);
  });
});

describe('revoking sessions', () => {
  it("revoking a session ends its refresh and its access token at once, and leaves the clinician's other sessions working", async () => {
    const clinician = await createStaff(testApp.db);
    const revoked = await signIn(clinician.email, '10.0.0.1', 'Laptop');
    const kept = await signIn(clinician.email, '10.0.0.2', 'Phone');
    expect((await clinicianCall(revoked.access_token)).statusCode).toBe(200);
    const target = (await sessionsOf(clinician.id)).find(
      (session) => session.user_agent === 'Laptop',
    );

    const answer = successData(
      await revokeSession(clinician.id, target?.id ?? ''),
      revokedSessionsSchema,
    );
    expect(answer).toEqual({ revoked: 1, message: SESSION_MESSAGES.revoked });

    const refused = await clinicianCall(revoked.access_token);
    expect(failure(refused, 401, 'UNAUTHENTICATED')._error).toBe(MESSAGES.auth.tokenInvalid);
    failure(await refresh(revoked.refresh_token), 401, 'UNAUTHENTICATED');
    expect((await clinicianCall(kept.access_token)).statusCode).toBe(200);
    successData(await refresh(kept.refresh_token), tokenPairSchema);
    expect((await sessionsOf(clinician.id)).map((session) => session.id)).not.toContain(target?.id);
    expect(await sessionsOf(clinician.id)).toHaveLength(1);

    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.staffSessionRevoke),
          eq(auditLog.subjectId, clinician.id),
        ),
      );
    expect(rows).toMatchObject([
      {
        actorId: admin.user.id,
        subjectType: 'user',
        subjectId: clinician.id,
        details: { session: target?.id },
      },
    ]);
  });

  it('a refreshed session is revoked as a whole: the newest tokens stop working too', async () => {
    const clinician = await createStaff(testApp.db);
    const first = await signIn(clinician.email, '10.0.0.1', 'Laptop');
    const renewed = successData(await refresh(first.refresh_token), tokenPairSchema);
    const [session] = await sessionsOf(clinician.id);
    successData(await revokeSession(clinician.id, session?.id ?? ''), revokedSessionsSchema);
    failure(await clinicianCall(renewed.access_token), 401, 'UNAUTHENTICATED');
    failure(await clinicianCall(first.access_token), 401, 'UNAUTHENTICATED');
    failure(await refresh(renewed.refresh_token), 401, 'UNAUTHENTICATED');
  });

  it('revoke all ends every session of the staff member, and says how many', async () => {
    const clinician = await createStaff(testApp.db);
    const one = await signIn(clinician.email, '10.0.0.1', 'A');
    const two = await signIn(clinician.email, '10.0.0.2', 'B');
    const answer = successData(await revokeAll(clinician.id), revokedSessionsSchema);
    expect(answer).toEqual({ revoked: 2, message: SESSION_MESSAGES.revokedAll });
    for (const session of [one, two]) {
      failure(await clinicianCall(session.access_token), 401, 'UNAUTHENTICATED');
      failure(await refresh(session.refresh_token), 401, 'UNAUTHENTICATED');
    }
    expect(await sessionsOf(clinician.id)).toEqual([]);
    // The clinician can simply sign in again.
    const again = await signIn(clinician.email, '10.0.0.3', 'C');
    expect((await clinicianCall(again.access_token)).statusCode).toBe(200);
    // Revoking when nothing is left is fine and says 0.
    successData(await revokeAll(clinician.id), revokedSessionsSchema);
    expect(successData(await revokeAll(clinician.id), revokedSessionsSchema).revoked).toBe(0);

    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.staffSessionsRevokeAll),
          eq(auditLog.subjectId, clinician.id),
        ),
      )
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.details)).toEqual([
      { revoked: 2 },
      { revoked: 1 },
      { revoked: 0 },
    ]);
  });

  it('an administrator who revokes their own session is signed out by it', async () => {
    const [own] = await sessionsOf(admin.user.id);
    successData(await revokeSession(admin.user.id, own?.id ?? ''), revokedSessionsSchema);
    failure(await listSessions(admin.user.id), 401, 'UNAUTHENTICATED');
  });

  it('a session that has ended, belongs to someone else or never existed is a 404', async () => {
    const clinician = await createStaff(testApp.db);
    const colleague = await createStaff(testApp.db);
    await signIn(clinician.email, '10.0.0.1', 'A');
    const [session] = await sessionsOf(clinician.id);
    const sessionId = session?.id ?? '';
    expect(failure(await revokeSession(colleague.id, sessionId), 404, 'NOT_FOUND')._error).toBe(
      SESSION_MESSAGES.sessionNotFound,
    );
    successData(await revokeSession(clinician.id, sessionId), revokedSessionsSchema);
    failure(await revokeSession(clinician.id, sessionId), 404, 'NOT_FOUND');
    failure(await revokeSession(clinician.id, randomUUID()), 404, 'NOT_FOUND');
  });

  it('logging out also ends the access token at once', async () => {
    const clinician = await createStaff(testApp.db);
    const session = await signIn(clinician.email, '10.0.0.1', 'A');
    await postJson(testApp.app, API_PATHS.account.logout, { refresh_token: session.refresh_token });
    failure(await clinicianCall(session.access_token), 401, 'UNAUTHENTICATED');
  });
});

describe('sessions: access and bad input', () => {
  it('clinicians are refused with 403 and anonymous callers with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const [own] = await sessionsOf(clinician.user.id);
    const refusals = [
      { token: clinician.access_token, status: 403, code: 'FORBIDDEN' },
      { token: null, status: 401, code: 'UNAUTHENTICATED' },
    ] as const;
    for (const { token, status, code } of refusals) {
      failure(await listSessions(clinician.user.id, token), status, code);
      failure(await revokeSession(clinician.user.id, own?.id ?? '', token), status, code);
      failure(await revokeAll(clinician.user.id, token), status, code);
    }
    // Nothing was revoked by the refused calls.
    expect(await sessionsOf(clinician.user.id)).toHaveLength(1);
  });

  it('a session id too long for any route is refused with a 414 sentence, not a 500', async () => {
    const clinician = await createStaff(testApp.db);
    const envelope = failure(
      await revokeSession(clinician.id, 'a'.repeat(5000)),
      414,
      'VALIDATION_ERROR',
    );
    expect(envelope._error).toMatch(/^[A-Z].*\.$/);
  });

  it('revoking needs the CSRF header like every other change', async () => {
    const clinician = await createStaff(testApp.db);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.staff.sessions(clinician.id),
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    failure(response, 403, 'CSRF_REJECTED');
  });

  it('a participant or an unknown user has no sessions to show: 404', async () => {
    const participant = await createParticipant(testApp.db);
    for (const id of [participant.id, 2_000_000_000]) {
      expect(failure(await listSessions(id), 404, 'NOT_FOUND')._error).toBe(
        SESSION_MESSAGES.staffNotFound,
      );
      failure(await revokeAll(id), 404, 'NOT_FOUND');
    }
  });

  it.each([
    ['a word', 'abc'],
    ['a negative id', '-1'],
    ['a huge id', '99999999999999999999'],
    ['an injection', "1' or '1'='1"],
  ])('%s as the staff id is a 400 with a sentence', async (_label, id) => {
    const envelope = failure(await listSessions(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    expect(envelope._error).toMatch(/^[A-Z].*\S/);
    failure(await revokeAll(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['not a uuid', 'not-a-session'],
    ['an injection', encodeURIComponent("x' or 1=1 --")],
    ['a long string', 'a'.repeat(90)],
  ])('a session id that is %s is a 400', async (_label, sessionId) => {
    const clinician = await createStaff(testApp.db);
    const envelope = failure(await revokeSession(clinician.id, sessionId), 400, 'VALIDATION_ERROR');
    expect(envelope._error).toContain(SESSION_MESSAGES.sessionIdInvalid.replace(/\.$/, ''));
  });
});
