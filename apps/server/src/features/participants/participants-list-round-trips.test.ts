import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  PARTICIPANT_SORT_KEYS,
  participantListQuerySchema,
  participantListResponseSchema,
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
import { addParticipant, callApi, daysAgo } from '#app/test/participant-fixtures';
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

describe('participant list: round trips', () => {
  it('as it opens, a list call sends one statement: session check, count, page, rows and audit row', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann' });
    for (const body of [
      {},
      { status: 'ACTIVATED', orderBy: 'email', orderDirection: 'desc', start: 15 },
      // The deepest read-ahead: 1,100 entries of the index.
      { start: 1000, page_size: 100 },
      // Sorts some participants have no value for: the rows without one come last.
      { orderBy: 'last_app_open', orderDirection: 'desc' },
      { status: 'ACTIVATED', orderBy: 'joined_on', start: 15 },
      { orderBy: 'last_reviewed_at' },
      // The longest statement name.
      {
        status: 'SUSPENDED',
        orderBy: 'active_session_count',
        orderDirection: 'desc',
        start: 1000,
        page_size: 100,
      },
    ] as const) {
      const sent = await statementsOf(testApp, () => listRaw(body));
      expect(sent).toHaveLength(1);
      const [only = ''] = sent;
      expect(only).toMatch(/"refresh_tokens"/);
      expect(only).toMatch(/insert into "audit_log"/);
      expect(only).toMatch(/from "participant_search_counts"/);
      expect(only).toMatch(/from "users"/);
      vi.restoreAllMocks();
    }
  });

  it('sorted by a value some lack, the statement is kept per type and status, both written into it', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann', stats: { lastAppOpen: daysAgo(1) } });
    const body = { status: 'ACTIVATED', orderBy: 'last_app_open', orderDirection: 'desc' } as const;
    const [statement] = await statementsOf(testApp, () => listRaw(body));
    expect(statement).toMatch(/"users"."participant_type" = 'Internal'/);
    expect(statement).toMatch(/"participant_stats"."status" = 'ACTIVATED'/);
    expect(statement).not.toMatch(/ (limit|offset) \$\d/);
  });

  it('a search or a filter the kept totals do not know sends three: session check and count, page ids, and rows with the audit row', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann', tracker: 'Fitbit' });
    for (const body of [
      { search_key: 'ann' },
      { tracker: 'Fitbit' },
      { search_key: 'an' },
      { search_key: 'ann', not_reviewed_days: 7 },
    ] as const) {
      const sent = await statementsOf(testApp, () => listRaw(body));
      expect(sent).toHaveLength(3);
      expect(sent[0]).toMatch(/"refresh_tokens"/);
      expect(sent[0]).toMatch(/count/);
      expect(sent.at(-1)).toMatch(/insert into "audit_log"/);
      vi.restoreAllMocks();
    }
  });

  it('a filtered page past the total sends no page-ids statement and still writes its audit row', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann' });
    const sent = await statementsOf(testApp, () => listRaw({ start: 30, search_key: 'ann' }));
    expect(sent).toHaveLength(2);
    expect(sent.at(-1)).toMatch(/insert into "audit_log"/);
  });

  it('a page past the deepest read-ahead is counted first, which here finds it past the total', async () => {
    await addParticipant(testApp.db, { firstName: 'Ann' });
    const sent = await statementsOf(testApp, () => listRaw({ start: 1001, page_size: 100 }));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/"refresh_tokens"/);
    expect(sent[0]).not.toMatch(/insert into/);
    expect(sent.at(-1)).toMatch(/insert into "audit_log"/);
  });

  it('read in one statement or counted first, the same query answers the same page and total', async () => {
    const statuses = ['ACTIVATED', 'PENDING_ACTIVATION', 'SUSPENDED'] as const;
    for (const [index, firstName] of ['Cid', 'Ann', 'Bob', 'Ann', 'Dee', 'eve', 'Fay'].entries()) {
      await addParticipant(testApp.db, {
        firstName,
        email: `${String(7 - index)}${firstName.toLowerCase()}@example.test`,
        status: statuses[index % statuses.length],
        // Some with a value of each sort and some without, with ties among those with one.
        joinedAt: index % 4 === 1 ? null : daysAgo(10 + (index % 2)),
        ...(index % 2 === 0
          ? {
              stats: {
                sessions: index % 3,
                chats: index % 2,
                calls: 1,
                nudgeOpens: index,
                lastAppOpen: index === 4 ? null : daysAgo(index % 3),
              },
            }
          : {}),
        // Reviewed before the not-reviewed filter's 3650 days, so both paths list them.
        ...(index % 3 === 0 ? { triage: { lastReviewedAt: daysAgo(4000 + (index % 2)) } } : {}),
      });
    }
    await addParticipant(testApp.db, { firstName: 'Exa', type: 'Pilot' });
    // Open flags merges its severities' walks: its list is always counted first.
    const sorts = PARTICIPANT_SORT_KEYS.filter((key) => key !== 'open_flags');
    for (const orderBy of sorts) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        for (const status of ['', 'ACTIVATED'] as const) {
          // Pages of two read the first 15 entries of the index; of 100, further.
          for (const [start, pageSize] of [
            [0, 2],
            [2, 3],
            [5, 2],
            [8, 2],
            [0, 100],
            [3, 100],
          ]) {
            const body = { orderBy, orderDirection, status, start, page_size: pageSize };
            const inOne = successData(await listRaw(body), participantListResponseSchema);
            // Never reviewed: everyone matches, and the total is counted first.
            const counted = successData(
              await listRaw({ ...body, not_reviewed_days: 3650 }),
              participantListResponseSchema,
            );
            expect(inOne).toEqual(counted);
            expect(inOne.total_participants).toBe(status ? 3 : 7);
          }
        }
      }
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
