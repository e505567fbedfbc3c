import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { auditListResponseSchema } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  useTestApp,
} from '#app/test/build-test-app';
import { createStaff } from '#app/test/factories';

const testApp = useTestApp();

async function deniedRows() {
  return testApp.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'access.denied'))
    .orderBy(desc(auditLog.id));
}

describe('denied access to data routes is audited', () => {
  it('a call without a session is recorded with the route, its ids and the status', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.user.profile(4242) });
    expect(response.statusCode).toBe(401);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: null,
      clientAddress: '127.0.0.1',
      requestId: response.headers['x-request-id'],
      details: { route: 'GET /api/user/id/:id', status: 401, params: { id: '4242' } },
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('a clinician calling an administrator route is recorded as that clinician with 403', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.listClinicians,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(403);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: clinician.user.id,
      actorEmail: clinician.email,
      details: { route: `GET ${API_PATHS.user.listClinicians}`, status: 403 },
    });
  });

  it('asking for a participant who is not there is recorded with 404', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.profile(2147483000),
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(404);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: clinician.user.id,
      details: { route: 'GET /api/user/id/:id', status: 404, params: { id: 2147483000 } },
    });
  });

  it('public calls and unknown addresses are not data routes and leave no such row', async () => {
    const before = (await deniedRows()).length;
    await postJson(testApp.app, API_PATHS.account.login, {
      user_name: 'nobody@clinic.test',
      password: 'Wrong-password-1',
    });
    await testApp.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(await deniedRows()).toHaveLength(before);
  });
});

describe('refusals of unknown callers fold into one row per address and minute', () => {
  /** The access.denied rows from one address, oldest first. */
  async function rowsFrom(address: string) {
    return testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.clientAddress, address)))
      .orderBy(auditLog.id);
  }

  const anonymous = (address: string, id: number) =>
    testApp.app.inject({ method: 'GET', url: API_PATHS.user.profile(id), remoteAddress: address });

  it('200 refused calls from one address in one minute leave one row counting 200', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The start of a minute, so that the whole burst falls within it.
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
      const first = await anonymous('203.0.113.50', 1);
      const burst = await Promise.all(
        Array.from({ length: 199 }, (_, i) => anonymous('203.0.113.50', i + 2)),
      );
      for (const response of [first, ...burst]) expect(response.statusCode).toBe(401);
      const rows = await rowsFrom('203.0.113.50');
      expect(rows).toHaveLength(1);
      // The first refusal's what and which request; the count of them all.
      expect(rows[0]).toMatchObject({
        repeatCount: 200,
        requestId: first.headers['x-request-id'],
        details: { route: 'GET /api/user/id/:id', status: 401, params: { id: '1' } },
      });

      // Another address has a row of its own; a new minute starts a new row.
      await anonymous('203.0.113.51', 1);
      expect(await rowsFrom('203.0.113.51')).toHaveLength(1);
      vi.setSystemTime(Date.now() + 60_000);
      await anonymous('203.0.113.50', 1);
      expect((await rowsFrom('203.0.113.50')).map((row) => row.repeatCount)).toEqual([200, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the audit log shows the count', async () => {
    for (let i = 0; i < 3; i += 1) await anonymous('203.0.113.52', i);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const page = successData(
      await postJson(
        testApp.app,
        API_PATHS.audit.list,
        { action: 'access.denied', page_size: 200 },
        { headers: authHeaders(admin.access_token) },
      ),
      auditListResponseSchema,
    );
    const folded = page.entries.find((entry) => entry.client_address === '203.0.113.52');
    expect(folded?.count).toBe(3);
    expect(page.entries.every((entry) => entry.count >= 1)).toBe(true);
  });

  it('a signed-in staff member’s refusals stay one row each: they are someone', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    for (let i = 0; i < 2; i += 1) {
      await testApp.app.inject({
        method: 'GET',
        url: API_PATHS.user.listClinicians,
        headers: authHeaders(clinician.access_token),
      });
    }
    const rows = await testApp.db
      .select({ repeatCount: auditLog.repeatCount })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actorId, clinician.user.id)));
    expect(rows).toEqual([{ repeatCount: 1 }, { repeatCount: 1 }]);
  });

  it('a guesser hammering a throttled sign-in leaves one row a minute', async () => {
    const clinician = await createStaff(testApp.db);
    const address = '203.0.113.53';
    const attempt = () =>
      postJson(
        testApp.app,
        API_PATHS.account.login,
        { user_name: clinician.email, password: 'Wrong-password-1' },
        { remoteAddress: address },
      );
    for (let i = 0; i < testApp.config.loginThrottle.maxFailuresPerAccount; i += 1) await attempt();
    for (let i = 0; i < 30; i += 1) {
      expect(failure(await attempt(), 429, 'RATE_LIMITED')._error).toBe(
        MESSAGES.account.tooManyAttempts,
      );
    }
    const rows = await testApp.db
      .select({ repeatCount: auditLog.repeatCount })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'account.login.throttled'), eq(auditLog.clientAddress, address)),
      );
    expect(rows.map((row) => row.repeatCount).reduce((a, b) => a + b, 0)).toBe(30);
    expect(rows.length).toBeLessThanOrEqual(2);
  });

  it('the trail stays append-only: a folded row only ever counts one more', async () => {
    await anonymous('203.0.113.54', 1);
    for (const change of [
      sql`update audit_log set repeat_count = repeat_count + 5 where client_address = '203.0.113.54'`,
      sql`update audit_log set details = '{}', repeat_count = repeat_count + 1 where client_address = '203.0.113.54'`,
      sql`delete from audit_log where client_address = '203.0.113.54'`,
    ]) {
      const error: unknown = await testApp.db.execute(change).then(
        () => null,
        (caught: unknown) => caught,
      );
      const messages: string[] = [];
      for (let current = error; current instanceof Error; current = current.cause) {
        messages.push(current.message);
      }
      expect(messages.join(' | ')).toContain('audit_log is append-only');
    }
    expect((await rowsFrom('203.0.113.54'))[0]?.repeatCount).toBe(1);
  });
});
