import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, ne, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Role, UserStatus } from '@recovery-portal/contract/users';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { failure, loginAs, type LoggedInStaff, type TestApp } from '#app/test/build-test-app';
import { createConversation, createNudge } from '#app/test/factories';
import { addParticipant, callApi } from '#app/test/participant-fixtures';
import { statementsOf } from '#app/test/statements-of';
import { buildAppWithRouteTable, type RouteTableApp } from './route-table';

/**
 * Every route that checks its caller's session in the statement answering the call
 * (`config.sessionInStatement`), with the call as it opens (one statement checks the session,
 * reads and audits) and filtered (the statement that counts checks it, the audit row after),
 * and the action of the audit row it writes.
 */
const ROUTES: Record<string, { action: AuditAction; opening: object; filtered: object }> = {
  [`POST ${API_PATHS.user.list}`]: {
    action: AUDIT_ACTIONS.participantsList,
    opening: {},
    filtered: { search_key: 'annab' },
  },
  [`POST ${API_PATHS.nudge.list}`]: {
    action: AUDIT_ACTIONS.nudgeList,
    opening: {},
    filtered: { search_key: 'walk' },
  },
  [`POST ${API_PATHS.chat.list}`]: {
    action: AUDIT_ACTIONS.coachList,
    opening: {},
    filtered: { search_key: 'knee' },
  },
};

let table: RouteTableApp;
let testApp: TestApp;
let staff: LoggedInStaff;

beforeAll(async () => {
  table = await buildAppWithRouteTable();
  testApp = table.testApp;
}, 90_000);
afterAll(async () => {
  await table.testApp.close();
});
beforeEach(async () => {
  await testApp.db.delete(users).where(ne(users.id, sql`-1`));
  staff = await loginAs(testApp, 'CLINICIAN');
  const annabel = await addParticipant(testApp.db, { firstName: 'Annabel' });
  await createNudge(testApp.db, annabel.id, { title: 'A short walk' });
  await createConversation(testApp.db, annabel.id, { summary: 'Her knee is better.' });
});

function call(route: string, token: string, body: unknown) {
  const [method, url] = route.split(' ') as ['POST', string];
  return callApi(testApp, method, url, token, body);
}

/** How many audit rows of this action there are. */
async function rowsOf(action: AuditAction) {
  const rows = await testApp.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return rows.length;
}

/** The audit rows a call wrote under its request id. */
function auditRowsOf(response: { headers: Record<string, unknown> }) {
  const requestId = String(response.headers['x-request-id']);
  return testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
}

const setAccount = (changes: { status?: UserStatus; role?: Role }) =>
  testApp.db.update(users).set(changes).where(eq(users.id, staff.user.id));

const REFUSALS = [
  ['a revoked session', () => revokeAllUserTokens(testApp.db, staff.user.id)],
  ['a suspended account', () => setAccount({ status: 'SUSPENDED' })],
  ['an account turned into a participant', () => setAccount({ role: 'PARTICIPANT' })],
  ['a deleted account', () => testApp.db.delete(users).where(eq(users.id, staff.user.id))],
] as const;

it('every route that checks its session in its own statement is tested here', () => {
  const declared = table.routes
    .filter((route) => route.sessionInStatement)
    .map((route) => `${route.method} ${route.url}`);
  expect(declared.sort()).toEqual(Object.keys(ROUTES).sort());
});

describe.each(Object.entries(ROUTES))('%s checks the session on every call', (route, spec) => {
  describe.each([
    ['as it opens', spec.opening],
    ['filtered', spec.filtered],
  ])('%s', (_, body) => {
    it('a live session is answered, and its audit row names the staff member', async () => {
      const response = await call(route, staff.access_token, body);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Annabel');
      const [row] = await auditRowsOf(response);
      expect(row).toMatchObject({ actorId: staff.user.id, actorEmail: staff.email });
      expect(row?.action).toBe(spec.action);
    });

    it.each(REFUSALS)(
      '%s is refused with 401 at once: nothing read, no audit row',
      async (_, end) => {
        await end();
        const before = await rowsOf(spec.action);
        const response = await call(route, staff.access_token, body);
        expect(failure(response, 401, 'UNAUTHENTICATED').error.message).toBe(
          MESSAGES.auth.tokenInvalid,
        );
        expect(response.body).not.toContain('Annabel');
        expect(await rowsOf(spec.action)).toBe(before);
      },
    );

    it('a staff member whose role changed is refused with 403, audited as theirs', async () => {
      await setAccount({ role: 'ADMINISTRATOR' });
      const before = await rowsOf(spec.action);
      const response = await call(route, staff.access_token, body);
      failure(response, 403, 'FORBIDDEN');
      expect(response.body).not.toContain('Annabel');
      expect(await rowsOf(spec.action)).toBe(before);
      const rows = await auditRowsOf(response);
      expect(rows.map(({ action, actorId }) => ({ action, actorId }))).toEqual([
        { action: AUDIT_ACTIONS.accessDenied, actorId: staff.user.id },
      ]);
    });

    it('an invalid body hears 401 or 403 first, as on every other route, and 400 once admitted', async () => {
      const invalid = { ...body, start: -1 };
      failure(await call(route, staff.access_token, invalid), 400, 'VALIDATION_ERROR');
      await setAccount({ role: 'ADMINISTRATOR' });
      failure(await call(route, staff.access_token, invalid), 403, 'FORBIDDEN');
      await revokeAllUserTokens(testApp.db, staff.user.id);
      failure(await call(route, staff.access_token, invalid), 401, 'UNAUTHENTICATED');
    });
  });

  it.each([
    ['as it opens', spec.opening],
    ['filtered', spec.filtered],
  ])(
    '%s, refused: its first statement checks the session, then it writes only the refusal',
    async (_, body) => {
      await revokeAllUserTokens(testApp.db, staff.user.id);
      const refusals = async () => {
        const rows = await testApp.db
          .select({ actorId: auditLog.actorId, repeatCount: auditLog.repeatCount })
          .from(auditLog)
          .where(eq(auditLog.action, AUDIT_ACTIONS.accessDenied));
        return {
          count: rows.reduce((sum, row) => sum + row.repeatCount, 0),
          named: rows.filter((row) => row.actorId !== null).length,
        };
      };
      const before = await refusals();
      const sent = await statementsOf(testApp, () => call(route, staff.access_token, body));
      vi.restoreAllMocks();
      // The route's own statement, which checks the session, then only the refusal's audit row
      // (folded: no one is signed in).
      expect(sent[0]).toMatch(/"refresh_tokens"/);
      expect(sent.slice(1).join('\n')).not.toMatch(
        /"refresh_tokens"|from "(nudges|conversations)"/,
      );
      expect(await refusals()).toEqual({ count: before.count + 1, named: before.named });
    },
  );
});
