import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { afterCommit } from '#app/db/ambient-transaction';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { AppError } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createStaff } from '#app/test/factories';
import { auditRequest } from '#app/core/audit/request-audit';

/**
 * A signed-in change and its audit row are one transaction. A trigger on audit_log, created
 * here, stands in for an audit insert that fails (a full disk, a lost connection mid-request).
 */

const TEST_ROUTES = {
  crash: '/api/test/audited-then-crash',
  refuse: '/api/test/audited-then-refuse',
  forgetful: '/api/test/forgetful-change',
  afterCommit: '/api/test/after-commit',
  statementTimeout: '/api/test/statement-timeout',
} as const;

let testApp: TestApp;
let admin: LoggedInStaff;
/** What the after-commit test route's deferred work saw, in order. */
const deferred: string[] = [];

function addTestRoutes(app: FastifyInstance) {
  const config = { access: 'staff', audit: AUDIT_ACTIONS.clinicianUpdate } as const;
  app.post(TEST_ROUTES.crash, { config }, async (request) => {
    await auditRequest(testApp.db, request, { action: AUDIT_ACTIONS.clinicianUpdate });
    throw new Error('the handler crashed after recording');
  });
  app.post(TEST_ROUTES.refuse, { config }, async (request) => {
    await auditRequest(testApp.db, request, { action: AUDIT_ACTIONS.clinicianUpdate });
    throw new AppError('UNPROCESSABLE', 'Refused after recording the attempt.');
  });
  app.post(TEST_ROUTES.forgetful, { config }, async () => ok({ done: true }));
  app.post(TEST_ROUTES.afterCommit, { config }, async (request) => {
    const label = (request.query as { label?: string }).label ?? '';
    await auditRequest(testApp.db, request, { action: AUDIT_ACTIONS.clinicianUpdate });
    await afterCommit(async () => {
      deferred.push(label);
    });
    if (label === 'fails') throw new Error('failed after deferring');
    return ok({ deferred_before_answer: [...deferred] });
  });
  app.post(TEST_ROUTES.statementTimeout, { config }, async () => {
    // As Drizzle reports a statement PostgreSQL cancelled at the pool's statement timeout.
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    throw new Error('Failed query: select pg_sleep(60)', { cause: cancelled });
  });
}

beforeAll(async () => {
  testApp = await buildTestApp({}, { beforeReady: addTestRoutes });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  deferred.splice(0);
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

async function withAuditFailing(run: () => Promise<void>) {
  await testApp.db.execute(sql`
    create function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'the audit trail refuses the row'; end $$`);
  await testApp.db.execute(sql`
    create trigger refuse_audit before insert on audit_log
    for each row execute function refuse_audit()`);
  try {
    await run();
  } finally {
    await testApp.db.execute(sql`drop trigger refuse_audit on audit_log`);
    await testApp.db.execute(sql`drop function refuse_audit()`);
  }
}

const post = (url: string, query: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, query, headers: authHeaders(admin.access_token) });

const rename = (id: number, name: string) =>
  testApp.app.inject({
    method: 'PATCH',
    url: API_PATHS.user.update,
    headers: authHeaders(admin.access_token),
    payload: { id, name },
  });

const rowsOfRequest = (requestId: unknown) =>
  testApp.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(requestId)));

describe('a change and its audit row commit together', () => {
  it('when the audit row cannot be written the change is not stored, and the client gets a 5xx envelope', async () => {
    const clinician = await createStaff(testApp.db, { firstName: 'Ada', lastName: 'Before' });
    await withAuditFailing(async () => {
      const response = await rename(clinician.id, 'Ada After');
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      const envelope = failure(response, response.statusCode, 'INTERNAL_ERROR');
      expect(envelope._error).toMatch(/[.!?]$/);
    });
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, clinician.id));
    expect(stored?.lastName).toBe('Before');
    const updates = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.clinicianUpdate),
          eq(auditLog.subjectId, clinician.id),
        ),
      );
    expect(updates).toEqual([]);
  });

  it('a change that succeeds is stored with exactly its audit row, under the same request id', async () => {
    const clinician = await createStaff(testApp.db, { firstName: 'Ada', lastName: 'Before' });
    const response = await rename(clinician.id, 'Ada After');
    expect(successData(response, clinicianSchema).last_name).toBe('After');
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, clinician.id));
    expect(stored?.lastName).toBe('After');
    const rows = await rowsOfRequest(response.headers['x-request-id']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: AUDIT_ACTIONS.clinicianUpdate,
      actorId: admin.user.id,
      subjectId: clinician.id,
    });
  });

  it('a handler that fails after recording leaves no audit row for the change it did not make', async () => {
    const response = await post(TEST_ROUTES.crash);
    failure(response, 500, 'INTERNAL_ERROR');
    expect(await rowsOfRequest(response.headers['x-request-id'])).toEqual([]);
  });

  it('a refusal is an answer: what was recorded before refusing is kept', async () => {
    const response = await post(TEST_ROUTES.refuse);
    failure(response, 422, 'UNPROCESSABLE');
    expect(await rowsOfRequest(response.headers['x-request-id'])).toHaveLength(1);
  });

  it("a change that forgets to record gets the guard's row in its own transaction, or fails without it", async () => {
    const response = await post(TEST_ROUTES.forgetful);
    expect(response.statusCode).toBe(200);
    const rows = await rowsOfRequest(response.headers['x-request-id']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ unaudited_route: `POST ${TEST_ROUTES.forgetful}` });

    await withAuditFailing(async () => {
      const refused = await post(TEST_ROUTES.forgetful);
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    });
  });

  it('work deferred until the commit runs before the answer, and never for a change that rolled back', async () => {
    const done = await post(TEST_ROUTES.afterCommit, { label: 'committed' });
    expect(deferred).toEqual(['committed']);
    // The deferred work had not run while the handler was still inside the transaction.
    expect(JSON.parse(done.body)).toMatchObject({ _data: { deferred_before_answer: [] } });

    failure(await post(TEST_ROUTES.afterCommit, { label: 'fails' }), 500, 'INTERNAL_ERROR');
    expect(deferred).toEqual(['committed']);
  });
});

describe('a runaway query', () => {
  it('cancelled by the statement timeout answers 503 in the envelope with a sentence', async () => {
    const envelope = failure(await post(TEST_ROUTES.statementTimeout), 503, 'SERVICE_UNAVAILABLE');
    expect(envelope._error).toBe(MESSAGES.http.databaseTimeout);
  });
});
