import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  participantListQuerySchema,
  participantListResponseSchema,
  PARTICIPANT_SORT_KEYS,
  type ParticipantListQueryInput,
} from '@recovery-portal/contract/participants';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { addParticipant, callApi, daysAgo, seedGroups } from '#app/test/participant-fixtures';
import { statementsOf } from '#app/test/statements-of';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
});
beforeEach(async () => {
  await testApp.db.delete(users).where(ne(users.id, clinician.user.id));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function listRaw(body: unknown) {
  return callApi(testApp, 'POST', API_PATHS.user.list, clinician.access_token, body);
}

/** The audit row of one list call, and what the call answered. */
async function listAudited(body: ParticipantListQueryInput) {
  const response = await listRaw(body);
  const answer = successData(response, participantListResponseSchema);
  const requestId = String(response.headers['x-request-id']);
  const rows = await testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return { answer, rows, requestId };
}

/** The row the list wrote before it shared its statement: the same columns, one for one. */
function expectedRow(body: ParticipantListQueryInput, returned: number[], requestId: string) {
  return {
    actorId: clinician.user.id,
    actorEmail: clinician.email,
    actorName: `Cleo Tester <${clinician.email}>`,
    action: 'participants.list',
    subjectType: 'participant_list',
    subjectId: null,
    subjectName: null,
    details: { query: participantListQuerySchema.parse(body), returned },
    clientAddress: '127.0.0.1',
    requestId,
    foldedMinute: null,
    repeatCount: 1,
  };
}

/** Sends `body` and expects the two statements of DESIGN §7: the session check, then the read. */
async function expectTwoStatements(body: ParticipantListQueryInput) {
  const sent = await statementsOf(testApp, () => listRaw(body));
  const label = JSON.stringify(body);
  expect(sent, label).toHaveLength(2);
  const read = sent.at(-1) ?? '';
  expect(read, label).toMatch(/insert into "audit_log"/);
  expect(read, label).toMatch(/from "users"/);
  vi.restoreAllMocks();
}

/** Participants named by `prefix` and a number, in one insert: enough for a search's many matches. */
async function insertMany(prefix: string, count: number) {
  await testApp.db.insert(users).values(
    Array.from({ length: count }, (_, i) => ({
      role: 'PARTICIPANT' as const,
      status: 'ACTIVATED' as const,
      participantType: 'Internal' as const,
      email: `${prefix}${i}@many.example`,
      firstName: `${prefix}${i}`,
    })),
  );
}

describe('participant list: round trips', () => {
  beforeEach(async () => {
    await seedGroups(testApp.db, ['Knee']);
    for (const [i, firstName] of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'].entries()) {
      await addParticipant(testApp.db, {
        firstName,
        group: i % 2 === 0 ? 'Knee' : undefined,
        tracker: i === 1 ? 'Fitbit' : null,
        joinedAt: i < 3 ? daysAgo(i + 1) : undefined,
        stats: i < 2 ? { sessions: i + 1, lastAppOpen: daysAgo(i) } : undefined,
        triage: i === 0 ? { lastReviewedAt: daysAgo(2), lastReviewedBy: clinician.user.id } : null,
      });
    }
  });

  it('every sort, either way, on the first, middle and last pages and past the total: two statements', async () => {
    for (const orderBy of PARTICIPANT_SORT_KEYS) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        for (const start of [0, 2, 4, 30]) {
          await expectTwoStatements({ orderBy, orderDirection, start, page_size: 2 });
        }
      }
    }
  });

  it('searches of 0, 2 and 5 characters, with few and with many matches: two statements', async () => {
    await insertMany('Manyname', 2001);
    for (const search_key of ['', 'an', 'annxx', 'Ann', 'manyname']) {
      for (const orderBy of ['first_name', 'last_app_open', 'open_flags'] as const) {
        for (const start of [0, 2, 1998]) {
          await expectTwoStatements({ search_key, orderBy, start, page_size: 2 });
        }
      }
    }
  });

  it("'not reviewed in N days', care-team, group, tracker and surgery filters: two statements", async () => {
    const filters: ParticipantListQueryInput[] = [
      { not_reviewed_days: 7 },
      { not_reviewed_days: 1, orderBy: 'last_reviewed_at', start: 2 },
      { mine: true },
      { overdue_before: '2026-01-01' },
      { mine: true, search_key: 'ann', orderBy: 'active_session_count' },
      { group: 'Knee', orderBy: 'joined_on', start: 2 },
      { tracker: 'Fitbit' },
      { tracker: 'connected', orderBy: 'email', start: 1 },
      { surgery_from: '2025-01-01', surgery_to: '2026-12-31' },
      { status: 'ACTIVATED', orderBy: 'coach_chat_count', start: 3 },
    ];
    for (const body of filters) {
      await expectTwoStatements({ ...body, page_size: 2 });
    }
  });
});

describe('participant list: its audit row', () => {
  it('names the returned participants in page order, with who asked, from where and which request', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann' });
    const bob = await addParticipant(testApp.db, { firstName: 'Bob' });
    const cid = await addParticipant(testApp.db, { firstName: 'Cid' });
    const body = { orderBy: 'first_name', orderDirection: 'desc', page_size: 2 } as const;
    const { answer, rows, requestId } = await listAudited(body);
    expect(answer.users.map((row) => row.id)).toEqual([cid.id, bob.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(expectedRow(body, [cid.id, bob.id], requestId));
  });

  it('a page past the total is audited with nothing returned', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann' });
    const body = { start: 45 };
    const { answer, rows, requestId } = await listAudited(body);
    expect(answer).toEqual({ users: [], total_participants: 1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(expectedRow(body, [], requestId));
  });

  it('a search is audited with the search as parsed and its matches', async () => {
    const ann = await addParticipant(testApp.db, { firstName: 'Annabel' });
    await addParticipant(testApp.db, { firstName: 'Bob' });
    const body = { search_key: 'annab', unknown_key: 'dropped' } as ParticipantListQueryInput;
    const { rows, requestId } = await listAudited(body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(expectedRow({ search_key: 'annab' }, [ann.id], requestId));
  });

  it('a refused query writes no list row and answers 400, not 500', async () => {
    for (const body of [{ page_size: 'x' }, { search_key: 'y'.repeat(101) }, { start: -1 }]) {
      const response = await listRaw(body);
      failure(response, 400, 'VALIDATION_ERROR');
      const requestId = String(response.headers['x-request-id']);
      const rows = await testApp.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.requestId, requestId));
      expect(rows.map((row) => row.action)).not.toContain('participants.list');
    }
  });
});
