import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  MAX_PARTICIPANT_PAGE_SIZE,
  PARTICIPANT_SORT_KEYS,
  PARTICIPANT_SORT_OPTIONS,
  participantListQuerySchema,
  participantListResponseSchema,
  participantListRowSchema,
  type ParticipantListQueryInput,
  type ParticipantListResponse,
  type ParticipantListRow,
  type ParticipantSortKey,
} from '@recovery-portal/contract/participants';
import type { JsonText } from '#app/lib/envelope';
import { participantActivity } from '#app/db/schema/activity';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { refreshParticipantStats } from '#app/core/participant-stats';
import {
  authHeaders,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createStaff } from '#app/test/factories';
import { auditValues } from '#app/core/audit/record-audit';
import type { StatementCaller } from '#app/core/auth/statement-caller';
import { listParticipants } from './participant-list.repository';
import {
  addParticipant,
  callApi,
  daysAgo,
  daysFromNow,
  seedGroups,
  type ParticipantFixture,
} from '#app/test/participant-fixtures';
import { DAY_MS } from '#app/core/days';

/** The list's caller as the route hands it over: this staff member's session, as a clinician. */
function callerOf(staff: LoggedInStaff): StatementCaller {
  return {
    userId: staff.user.id,
    sessionId: String(decodeJwt(staff.access_token).sid),
    roles: ['CLINICIAN'],
    admit: (found) => {
      if (found?.id !== staff.user.id) throw new Error('the statement did not admit the caller');
    },
  };
}

/** The list as the repository wrote it, read as a client would. */
const answered = (list: JsonText<ParticipantListResponse>) =>
  participantListResponseSchema.parse(JSON.parse(list.json));

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  await seedGroups(testApp.db, ['CZ', 'Knee Recovery']);
});
beforeEach(async () => {
  // Cheaper than a full reset: the clinician's session and the groups stay; every other account
  // (and, by cascade, the participants' activity) goes.
  await testApp.db.delete(users).where(ne(users.id, clinician.user.id));
});

function listRaw(body: unknown, token: string | null = clinician.access_token) {
  return callApi(testApp, 'POST', API_PATHS.user.list, token, body);
}

async function list(body: ParticipantListQueryInput = {}) {
  return successData(await listRaw(body), participantListResponseSchema);
}

const names = (rows: ParticipantListRow[]) => rows.map((row) => row.first_name);

/** Walks every page of a query and returns the rows in order. */
async function allPages(body: ParticipantListQueryInput, pageSize: number) {
  const rows: ParticipantListRow[] = [];
  for (let start = 0; ; start += pageSize) {
    const page = await list({ ...body, page_size: pageSize, start });
    rows.push(...page.users);
    if (page.users.length < pageSize) return { rows, total: page.total_participants };
  }
}

describe('participant list: what a row says', () => {
  it('a clinician sees every field of the participant list row', async () => {
    const invitedAt = daysAgo(30);
    const joinedAt = daysAgo(20);
    const lastOpen = daysAgo(1);
    const reviewedAt = daysAgo(6);
    const telemetryAt = daysAgo(4);
    const maria = await addParticipant(testApp.db, {
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria.lopez@example.org',
      group: 'Knee Recovery',
      tracker: 'Fitbit',
      invitedAt,
      joinedAt,
      stats: {
        lastAppOpen: lastOpen,
        sessions: 5,
        chats: 2,
        calls: 1,
        nudgeOpens: 3,
        lastTelemetryAt: telemetryAt,
      },
      triage: {
        openFlags: 2,
        topSeverity: 'HIGH',
        lastReviewedAt: reviewedAt,
        lastReviewedBy: clinician.user.id,
      },
    });
    const { users: rows, total_participants } = await list({ status: '' });
    expect(total_participants).toBe(1);
    expect(rows).toEqual([
      {
        id: maria.id,
        first_name: 'Maria',
        last_name: 'Lopez',
        user_name: 'maria.lopez@example.org',
        birth_date: null,
        mrn: null,
        type: 'Internal',
        group: 'Knee Recovery',
        tracker_connected: 'Fitbit',
        last_app_open: lastOpen.toISOString(),
        active_session_count: 5,
        coach_chat_count: 2,
        coach_call_count: 1,
        nudge_open_count: 3,
        invited_on: invitedAt.toISOString(),
        joined_on: joinedAt.toISOString(),
        status: 'ACTIVATED',
        can_remind: false,
        last_reminded_at: null,
        next_remind_date: null,
        open_flag_count: 2,
        top_open_severity: 'HIGH',
        last_reviewed_at: reviewedAt.toISOString(),
        last_reviewed_by: 'Cleo Tester',
        last_telemetry_at: telemetryAt.toISOString(),
        responsible: null,
        next_task_due_on: null,
      },
    ]);
  });

  it('instants are UTC to the millisecond, as Date.toISOString writes them, whatever the session time zone', async () => {
    const ann = await addParticipant(testApp.db, { firstName: 'Ann', stats: null });
    // PostgreSQL keeps microseconds; the API writes milliseconds, cut as a Date would cut them.
    await testApp.db
      .update(users)
      .set({
        joinedAt: sql`'2026-03-04 23:06:07.891789+00'::timestamptz`,
        invitedAt: sql`'2026-01-02 00:00:00+00'::timestamptz`,
        birthDate: '1956-02-29',
      })
      .where(eq(users.id, ann.id));
    const query = participantListQuerySchema.parse({ status: '' });
    const audit = auditValues({ action: 'participants.list', subjectType: 'participant_list' });
    const {
      users: [row],
    } = answered(
      await testApp.db.transaction(async (tx) => {
        await tx.execute(sql`set local time zone 'America/New_York'`);
        return listParticipants(tx, query, callerOf(clinician), () => audit);
      }),
    );
    expect(row).toMatchObject({
      joined_on: '2026-03-04T23:06:07.891Z',
      invited_on: '2026-01-02T00:00:00.000Z',
      birth_date: '1956-02-29',
      last_app_open: null,
    });
  });

  it('a participant without recorded activity or tracker shows empty values, not zeros', async () => {
    await addParticipant(testApp.db, { firstName: 'Nia', tracker: null, stats: null });
    const [row] = (await list()).users;
    expect(row).toMatchObject({
      tracker_connected: null,
      group: null,
      last_app_open: null,
      active_session_count: null,
      coach_chat_count: null,
      coach_call_count: null,
      nudge_open_count: null,
      open_flag_count: 0,
      top_open_severity: null,
      last_reviewed_at: null,
      last_reviewed_by: null,
      last_telemetry_at: null,
    });
  });

  it('the 7-day counts and last seen come from the participant’s recorded app activity', async () => {
    const ana = await addParticipant(testApp.db, { firstName: 'Ana' });
    const ben = await addParticipant(testApp.db, { firstName: 'Ben' });
    const recent = daysAgo(2);
    const activity = [
      { userId: ana.id, kind: 'APP_SESSION' as const, occurredAt: daysAgo(10) },
      { userId: ana.id, kind: 'APP_SESSION' as const, occurredAt: daysAgo(3) },
      { userId: ana.id, kind: 'APP_SESSION' as const, occurredAt: recent },
      { userId: ana.id, kind: 'COACH_CHAT' as const, occurredAt: daysAgo(1) },
      { userId: ana.id, kind: 'COACH_CHAT' as const, occurredAt: daysAgo(8) },
      { userId: ana.id, kind: 'COACH_CALL' as const, occurredAt: daysAgo(6) },
      { userId: ana.id, kind: 'NUDGE_OPEN' as const, occurredAt: daysAgo(1) },
      { userId: ana.id, kind: 'NUDGE_OPEN' as const, occurredAt: daysAgo(2) },
      { userId: ben.id, kind: 'COACH_CALL' as const, occurredAt: daysAgo(30) },
    ];
    await testApp.db.insert(participantActivity).values(activity);
    await refreshParticipantStats(testApp.db);

    const rows = (await list()).users;
    expect(rows.find((row) => row.id === ana.id)).toMatchObject({
      last_app_open: recent.toISOString(),
      active_session_count: 2,
      coach_chat_count: 1,
      coach_call_count: 1,
      nudge_open_count: 2,
    });
    expect(rows.find((row) => row.id === ben.id)).toMatchObject({
      last_app_open: null,
      active_session_count: 0,
      coach_chat_count: 0,
      coach_call_count: 0,
      nudge_open_count: 0,
    });
  });

  it('an invited participant can be reminded unless the reminder interval has not passed', async () => {
    const fresh = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
    });
    const waiting = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
      lastRemindedAt: daysAgo(1),
      nextRemindDate: daysFromNow(2),
    });
    const due = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
      lastRemindedAt: daysAgo(4),
      nextRemindDate: daysAgo(1),
    });
    const active = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    const rows = (await list({ status: '' })).users;
    const canRemind = (id: number) => rows.find((row) => row.id === id)?.can_remind;
    expect(canRemind(fresh.id)).toBe(true);
    expect(canRemind(waiting.id)).toBe(false);
    expect(canRemind(due.id)).toBe(true);
    expect(canRemind(active.id)).toBe(false);
    expect(rows.find((row) => row.id === waiting.id)?.next_remind_date).not.toBeNull();
  });

  it('the response carries only the declared fields: no password hash or other columns', async () => {
    await addParticipant(testApp.db, { firstName: 'Hidden' });
    // As the list opens (one statement) and searched (counted first): both send PostgreSQL's JSON.
    for (const body of [{}, { search_key: 'hidden' }]) {
      const response = await listRaw(body);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).not.toMatch(/password|argon2|search_text|phone/i);
      const answer = JSON.parse(response.body) as {
        _success: boolean;
        _data: { users: object[]; total_participants: number };
      };
      expect(Object.keys(answer).sort()).toEqual(['_data', '_success']);
      expect(answer._success).toBe(true);
      expect(Object.keys(answer._data).sort()).toEqual(['total_participants', 'users']);
      expect(answer._data.total_participants).toBe(1);
      const [row] = answer._data.users;
      expect(Object.keys(row ?? {}).sort()).toEqual(
        Object.keys(participantListRowSchema.shape).sort(),
      );
      expect(participantListResponseSchema.parse(answer._data).users).toHaveLength(1);
    }
  });
});

describe('participant list: filters', () => {
  beforeEach(async () => {
    await addParticipant(testApp.db, { firstName: 'Active1', tracker: 'Fitbit' });
    await addParticipant(testApp.db, { firstName: 'Active2', tracker: 'Garmin' });
    await addParticipant(testApp.db, { firstName: 'Invited1', status: 'PENDING_ACTIVATION' });
    await addParticipant(testApp.db, { firstName: 'Suspended1', status: 'SUSPENDED' });
    await addParticipant(testApp.db, { firstName: 'Pilot1', type: 'Pilot' });
    await addParticipant(testApp.db, { firstName: 'Demo1', type: 'Demo', tracker: 'Fitbit' });
    await createStaff(testApp.db, { firstName: 'Staff', role: 'CLINICIAN' });
  });

  it('the status buttons All, Active, Invited and Suspended filter the list', async () => {
    expect(names((await list({ status: '' })).users)).toEqual([
      'Active1',
      'Active2',
      'Invited1',
      'Suspended1',
    ]);
    expect(names((await list({ status: 'ACTIVATED' })).users)).toEqual(['Active1', 'Active2']);
    expect(names((await list({ status: 'PENDING_ACTIVATION' })).users)).toEqual(['Invited1']);
    expect(names((await list({ status: 'SUSPENDED' })).users)).toEqual(['Suspended1']);
    expect((await list({ status: 'SUSPENDED' })).total_participants).toBe(1);
  });

  it('the type tabs show Internal by default, or Pilot or Demo participants', async () => {
    expect((await list({})).total_participants).toBe(4);
    expect(names((await list({ type: 'Pilot' })).users)).toEqual(['Pilot1']);
    expect(names((await list({ type: 'Demo' })).users)).toEqual(['Demo1']);
  });

  it('staff accounts never appear in the participant list', async () => {
    const rows = (await list({ search_key: 'staff' })).users;
    expect(rows).toEqual([]);
  });

  it('the tracker filter finds connected, not connected, or one tracker by name', async () => {
    expect(names((await list({ tracker: 'connected' })).users)).toEqual(['Active1', 'Active2']);
    expect(names((await list({ tracker: 'not_connected' })).users)).toEqual([
      'Invited1',
      'Suspended1',
    ]);
    expect(names((await list({ tracker: 'garmin' })).users)).toEqual(['Active2']);
    expect((await list({ tracker: '' })).total_participants).toBe(4);
  });
});

describe('participant list: search', () => {
  beforeEach(async () => {
    await addParticipant(testApp.db, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'g.hopper@navy.example',
    });
    await addParticipant(testApp.db, {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@bletchley.example',
    });
    await addParticipant(testApp.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada_l@engine.example',
    });
    await addParticipant(testApp.db, {
      firstName: '100%',
      lastName: 'Sure',
      email: 'percent@odd.example',
    });
    await addParticipant(testApp.db, {
      firstName: 'Back\\slash',
      lastName: 'Person',
      email: 'backslash@odd.example',
    });
  });

  const search = async (search_key: string) => names((await list({ search_key })).users);

  it('a clinician finds a participant by first name, last name, full name or email, in any case', async () => {
    expect(await search('grace')).toEqual(['Grace']);
    expect(await search('TURING')).toEqual(['Alan']);
    expect(await search('grace hopper')).toEqual(['Grace']);
    expect(await search('  Grace   Hopper ')).toEqual(['Grace']);
    expect(await search('Bletchley.EXAMPLE')).toEqual(['Alan']);
    expect(await search('ove')).toEqual(['Ada']);
    expect((await list({ search_key: 'grace' })).total_participants).toBe(1);
  });

  it('% and _ in the search are matched as text, not as wildcards', async () => {
    expect(await search('%')).toEqual(['100%']);
    expect(await search('_')).toEqual(['Ada']);
    expect(await search('a_l')).toEqual(['Ada']);
    expect(await search('g%r')).toEqual([]);
    expect(await search('\\')).toEqual(['Back\\slash']);
  });

  it('an SQL injection attempt in the search is just text that matches nobody', async () => {
    const attempt = await listRaw({ search_key: "'; drop table users; --" });
    expect(successData(attempt, participantListResponseSchema)).toEqual({
      users: [],
      total_participants: 0,
    });
    const [row] = await testApp.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBeGreaterThan(5);
  });

  it('an empty search shows everybody', async () => {
    expect((await list({ search_key: '' })).total_participants).toBe(5);
    expect((await list({ search_key: '   ' })).total_participants).toBe(5);
  });
});

describe('participant list: sorting', () => {
  // Shared instants make ties in the date columns.
  const fiveDaysAgo = daysAgo(5);
  const yesterday = daysAgo(1);
  const fixtures: ParticipantFixture[] = [
    {
      firstName: 'Cara',
      email: 'zeta@x.example',
      joinedAt: fiveDaysAgo,
      stats: { lastAppOpen: yesterday, sessions: 3, chats: 0, calls: 2, nudgeOpens: 1 },
      triage: { openFlags: 1, topSeverity: 'CRITICAL', lastReviewedAt: fiveDaysAgo },
    },
    {
      firstName: 'Abel',
      email: 'beta@x.example',
      joinedAt: daysAgo(50),
      stats: { lastAppOpen: null, sessions: 3, chats: 4, calls: 0, nudgeOpens: 7 },
      triage: { openFlags: 3, topSeverity: 'HIGH', lastReviewedAt: null },
    },
    { firstName: 'Bea', email: 'alpha@x.example', joinedAt: null, stats: null },
    {
      firstName: 'Bea',
      email: 'gamma@x.example',
      joinedAt: fiveDaysAgo,
      stats: { lastAppOpen: daysAgo(9), sessions: 0, chats: 4, calls: 9, nudgeOpens: 0 },
      triage: { openFlags: 2, topSeverity: 'CRITICAL', lastReviewedAt: yesterday },
    },
    {
      firstName: 'Dov',
      email: 'delta@x.example',
      joinedAt: yesterday,
      stats: { lastAppOpen: yesterday, sessions: 12, chats: 1, calls: 0, nudgeOpens: 2 },
      // Flags all acknowledged: a triage row without a severity sorts with those without flags.
      triage: { openFlags: 0, topSeverity: null, lastReviewedAt: fiveDaysAgo },
    },
  ];

  const SEVERITY_RANK = { CRITICAL: 0, HIGH: 1, MODERATE: 2 } as const;

  /** The row's value for the key; null for an empty value (sorted last either way). */
  const sortValue = (row: ParticipantListRow, key: ParticipantSortKey) => {
    switch (key) {
      case 'first_name':
        return row.first_name;
      case 'email':
        return row.user_name;
      case 'joined_on':
        return row.joined_on;
      case 'last_app_open':
        return row.last_app_open;
      case 'last_reviewed_at':
        return row.last_reviewed_at;
      case 'active_session_count':
      case 'coach_chat_count':
      case 'coach_call_count':
      case 'nudge_open_count':
        return row[key];
      case 'open_flags':
        // Ascending is least urgent first: the least severe, then the fewest flags.
        return row.top_open_severity === null
          ? null
          : -SEVERITY_RANK[row.top_open_severity] * 1000 + row.open_flag_count;
    }
  };

  /** What the list must return: the key in the direction, empty values last, ties by id. */
  function expectedOrder(
    rows: ParticipantListRow[],
    key: ParticipantSortKey,
    direction: 'asc' | 'desc',
  ) {
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = sortValue(a, key);
      const right = sortValue(b, key);
      if (left === null && right === null) return sign * (a.id - b.id);
      if (left === null) return 1;
      if (right === null) return -1;
      if (left !== right) {
        // Text keys use the database's collation; the fixtures avoid collation corner cases.
        if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
        if (key === 'joined_on' || key === 'last_app_open' || key === 'last_reviewed_at') {
          return sign * (Date.parse(String(left)) - Date.parse(String(right)));
        }
        return sign * String(left).localeCompare(String(right), 'en');
      }
      return sign * (a.id - b.id);
    });
  }

  beforeEach(async () => {
    for (const fixture of fixtures) await addParticipant(testApp.db, fixture);
    // Invited and suspended participants take the other query path (filter, then sort).
    await addParticipant(testApp.db, {
      firstName: 'Ivy',
      email: 'ivy@x.example',
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
      triage: { openFlags: 1, topSeverity: 'CRITICAL' },
    });
    await addParticipant(testApp.db, {
      firstName: 'Sol',
      email: 'sol@x.example',
      status: 'SUSPENDED',
      stats: { lastAppOpen: daysAgo(40), sessions: 0, chats: 0, calls: 0, nudgeOpens: 0 },
      triage: { openFlags: 4, topSeverity: 'MODERATE', lastReviewedAt: daysAgo(30) },
    });
  });

  it('the list is ordered by first name ascending when no sort is given', async () => {
    const rows = (await list({ status: 'ACTIVATED' })).users;
    expect(rows.map((row) => row.user_name)).toEqual(
      expectedOrder(rows, 'first_name', 'asc').map((row) => row.user_name),
    );
  });

  for (const option of PARTICIPANT_SORT_OPTIONS) {
    it(`a clinician can sort by ${option.label}, empty values last and ties by id`, async () => {
      for (const status of ['ACTIVATED', '', 'SUSPENDED', 'PENDING_ACTIVATION'] as const) {
        const body = { status, orderBy: option.orderBy, orderDirection: option.orderDirection };
        const rows = (await list(body)).users;
        const expected = expectedOrder(rows, option.orderBy, option.orderDirection);
        expect(
          rows.map((row) => row.id),
          `${option.value} status=${status}`,
        ).toEqual(expected.map((row) => row.id));
        // A search takes the filter-then-sort path and must agree with the index path.
        const searched = (await list({ ...body, search_key: 'example' })).users;
        expect(searched.map((row) => row.id)).toEqual(rows.map((row) => row.id));
      }
    });
  }

  it('orderDirection is accepted in any case', async () => {
    const upper = (await list({ orderBy: 'email', orderDirection: 'DESC' })).users;
    const lower = (await list({ orderBy: 'email', orderDirection: 'desc' })).users;
    expect(upper.map((row) => row.id)).toEqual(lower.map((row) => row.id));
    expect(upper[0]?.user_name).toBe('zeta@x.example');
  });
});

describe('participant list: triage', () => {
  it('open flags sort the most severe first, then the most flags, participants without flags last', async () => {
    const rows: [string, ParticipantFixture['triage']][] = [
      ['High3', { openFlags: 3, topSeverity: 'HIGH' }],
      ['None', null],
      ['Critical1', { openFlags: 1, topSeverity: 'CRITICAL' }],
      ['Moderate5', { openFlags: 5, topSeverity: 'MODERATE' }],
      ['Acknowledged', { openFlags: 0, topSeverity: null }],
      ['Critical2', { openFlags: 2, topSeverity: 'CRITICAL' }],
    ];
    for (const [firstName, triage] of rows) await addParticipant(testApp.db, { firstName, triage });

    const sorted = await list({ orderBy: 'open_flags', orderDirection: 'desc' });
    expect(names(sorted.users)).toEqual([
      'Critical2',
      'Critical1',
      'High3',
      'Moderate5',
      'Acknowledged',
      'None',
    ]);
    expect(sorted.users[0]).toMatchObject({ open_flag_count: 2, top_open_severity: 'CRITICAL' });
    expect(sorted.users.at(-1)).toMatchObject({ open_flag_count: 0, top_open_severity: null });
  });

  it('the last reviewed sort puts never-reviewed participants last', async () => {
    await addParticipant(testApp.db, { firstName: 'Never' });
    await addParticipant(testApp.db, {
      firstName: 'Old',
      triage: { lastReviewedAt: daysAgo(20), lastReviewedBy: clinician.user.id },
    });
    await addParticipant(testApp.db, {
      firstName: 'Recent',
      triage: { lastReviewedAt: daysAgo(1), lastReviewedBy: clinician.user.id },
    });
    const ascending = await list({ orderBy: 'last_reviewed_at', orderDirection: 'asc' });
    expect(names(ascending.users)).toEqual(['Old', 'Recent', 'Never']);
    const descending = await list({ orderBy: 'last_reviewed_at', orderDirection: 'desc' });
    expect(names(descending.users)).toEqual(['Recent', 'Old', 'Never']);
    expect(descending.users[0]?.last_reviewed_by).toBe('Cleo Tester');
  });

  it("'not reviewed in N days' keeps the never reviewed and those reviewed N or more days ago", async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms);
    const minute = 60_000;
    const fixtures: [string, Date | null][] = [
      ['Never', null],
      ['JustInside', at(7 * DAY_MS - minute)],
      ['Exactly', at(7 * DAY_MS)],
      ['JustOutside', at(7 * DAY_MS + minute)],
      ['Today', at(minute)],
      ['LongAgo', at(40 * DAY_MS)],
    ];
    for (const [firstName, lastReviewedAt] of fixtures) {
      await addParticipant(testApp.db, {
        firstName,
        email: `${firstName.toLowerCase()}@review.example`,
        triage: lastReviewedAt ? { lastReviewedAt, lastReviewedBy: clinician.user.id } : null,
      });
    }

    // The repository at a fixed instant: reviewed exactly 7 days ago is not within 7 days.
    const query = participantListQuerySchema.parse({ not_reviewed_days: 7, status: '' });
    const audit = auditValues({ action: 'participants.list', subjectType: 'participant_list' });
    const page = answered(
      await listParticipants(testApp.db, query, callerOf(clinician), () => audit, now),
    );
    expect(names(page.users).sort()).toEqual(['Exactly', 'JustOutside', 'LongAgo', 'Never']);
    expect(page.total_participants).toBe(4);

    // Through the API (a moment later), with each sort path and filter.
    const thirty = await list({ not_reviewed_days: 30 });
    expect(names(thirty.users)).toEqual(['LongAgo', 'Never']);
    expect(thirty.total_participants).toBe(2);
    for (const orderBy of PARTICIPANT_SORT_KEYS) {
      const body = { not_reviewed_days: 7, orderBy };
      const rows = (await list(body)).users;
      expect(names(rows).sort(), orderBy).toEqual(['Exactly', 'JustOutside', 'LongAgo', 'Never']);
      // A search takes the filter-then-sort path.
      const searched = (await list({ ...body, search_key: 'review.example' })).users;
      expect(names(searched).sort(), orderBy).toEqual(names(rows).sort());
    }
    expect((await list({ not_reviewed_days: null })).total_participants).toBe(6);
  });

  it('the data connection shows as the latest home measurement time', async () => {
    const telemetryAt = daysAgo(5);
    await addParticipant(testApp.db, {
      firstName: 'Quiet',
      stats: { lastTelemetryAt: telemetryAt },
    });
    const [row] = (await list()).users;
    expect(row?.last_telemetry_at).toBe(telemetryAt.toISOString());
  });

  it('a bad not_reviewed_days is refused with a sentence', async () => {
    for (const not_reviewed_days of [0, -7, 1.5, '7', 3651, 'x'.repeat(10_000), [7], true]) {
      const envelope = failure(await listRaw({ not_reviewed_days }), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain('not_reviewed_days');
    }
  });
});

describe('participant list: paging', () => {
  it('pages never overlap or skip, even when every participant has the same first name', async () => {
    const created = [];
    for (let i = 0; i < 23; i += 1) {
      created.push(await addParticipant(testApp.db, { firstName: 'Sam', lastName: `No${i}` }));
    }
    const { rows, total } = await allPages({}, 5);
    expect(total).toBe(23);
    expect(rows.map((row) => row.id)).toEqual(created.map((user) => user.id));
    const descending = await allPages({ orderDirection: 'desc' }, 4);
    expect(descending.rows.map((row) => row.id)).toEqual(created.map((user) => user.id).reverse());
  });

  // Every sort key in both directions, two views and two page sizes: many requests, more time.
  it('pages sorted by an activity column stay complete across ties and participants without activity', async () => {
    const created = [];
    for (let i = 0; i < 21; i += 1) {
      const withStats = i % 3 !== 0;
      const flags = i % 4;
      created.push(
        await addParticipant(testApp.db, {
          firstName: `P${i}`,
          stats: withStats
            ? { lastAppOpen: i % 2 === 0 ? daysAgo(i % 4) : null, sessions: i % 2, chats: 1 }
            : null,
          triage:
            i % 5 === 0
              ? null
              : {
                  openFlags: flags,
                  topSeverity: flags === 0 ? null : i % 3 === 0 ? 'CRITICAL' : 'MODERATE',
                  lastReviewedAt: i % 2 === 0 ? daysAgo(i % 3) : null,
                },
        }),
      );
    }
    const ids = created.map((user) => user.id).sort((a, b) => a - b);
    for (const orderBy of PARTICIPANT_SORT_KEYS) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        for (const status of ['', 'ACTIVATED'] as const) {
          const whole = (await list({ orderBy, orderDirection, status, page_size: 100 })).users;
          for (const pageSize of [4, 7]) {
            const { rows } = await allPages({ orderBy, orderDirection, status }, pageSize);
            const label = `${orderBy} ${orderDirection} status=${status} page_size=${pageSize}`;
            expect(
              rows.map((row) => row.id),
              label,
            ).toEqual(whole.map((row) => row.id));
            expect(
              [...rows.map((row) => row.id)].sort((a, b) => a - b),
              label,
            ).toEqual(ids);
          }
        }
      }
    }
  }, 90_000);

  it('a page past the end is empty but still reports the total', async () => {
    await addParticipant(testApp.db, { firstName: 'Only' });
    expect(await list({ start: 15 })).toEqual({ users: [], total_participants: 1 });
    expect(await list({ start: 30, orderBy: 'last_app_open', orderDirection: 'desc' })).toEqual({
      users: [],
      total_participants: 1,
    });
  });

  it('pages hold 15 participants by default and at most the maximum page size', async () => {
    for (let i = 0; i < 17; i += 1) await addParticipant(testApp.db, { firstName: `N${i}` });
    expect((await list({})).users).toHaveLength(15);
    expect((await list({ page_size: MAX_PARTICIPANT_PAGE_SIZE })).users).toHaveLength(17);
  });
});

describe('participant list: bad requests', () => {
  it('an unknown sort key is refused with a sentence naming the allowed ones', async () => {
    const envelope = failure(await listRaw({ orderBy: 'password_hash' }), 400, 'VALIDATION_ERROR');
    for (const key of PARTICIPANT_SORT_KEYS) expect(envelope._error).toContain(key);
    failure(await listRaw({ orderBy: 'first_name; drop table users' }), 400, 'VALIDATION_ERROR');
  });

  it('a page size over the maximum, or below one, is refused', async () => {
    const over = failure(
      await listRaw({ page_size: MAX_PARTICIPANT_PAGE_SIZE + 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expect(over._error).toContain(String(MAX_PARTICIPANT_PAGE_SIZE));
    failure(await listRaw({ page_size: 0 }), 400, 'VALIDATION_ERROR');
    failure(await listRaw({ page_size: 1e9 }), 400, 'VALIDATION_ERROR');
  });

  it('fields of the wrong type are refused, not coerced', async () => {
    for (const body of [
      { page_size: '15' },
      { start: -1 },
      { start: 1.5 },
      { search_key: 42 },
      { status: 'DELETED' },
      { type: 'Everyone' },
      { orderDirection: 'sideways' },
      { tracker: ['x'] },
    ]) {
      failure(await listRaw(body), 400, 'VALIDATION_ERROR');
    }
  });

  it('a megabyte search string is refused without reaching the database', async () => {
    const response = await listRaw({ search_key: 'x'.repeat(1_000_000) });
    expect([400, 413]).toContain(response.statusCode);
    failure(
      response,
      response.statusCode,
      response.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR',
    );
    failure(await listRaw({ search_key: 'y'.repeat(101) }), 400, 'VALIDATION_ERROR');
  });

  it('a body that is not JSON is a 400 with the envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: { ...authHeaders(clinician.access_token), 'content-type': 'application/json' },
      payload: '{"page_size": ',
    });
    failure(response, 400, 'VALIDATION_ERROR');
  });
});

describe('participant list: who may see it', () => {
  it('an administrator is refused with 403', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await listRaw({}, admin.access_token), 403, 'FORBIDDEN');
  });

  it('an anonymous caller is refused with 401', async () => {
    failure(await listRaw({}, null), 401, 'UNAUTHENTICATED');
  });

  it('every list request is written to the audit trail with the query and who asked', async () => {
    const someone = await addParticipant(testApp.db, { firstName: 'Audited' });
    // A key the query does not have is dropped; every default is written out.
    successData(
      await listRaw({ search_key: 'audited', orderBy: 'email', unknown_key: 'x' }),
      participantListResponseSchema,
    );
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'participants.list'),
          eq(auditLog.actorEmail, clinician.email),
          sql`${auditLog.details} -> 'query' ->> 'search_key' = 'audited'`,
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toEqual({
      query: participantListQuerySchema.parse({ search_key: 'audited', orderBy: 'email' }),
      returned: [someone.id],
    });
  });
});
