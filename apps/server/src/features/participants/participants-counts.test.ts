import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  PARTICIPANT_SORT_OPTIONS,
  participantListResponseSchema,
  participantListRowSchema,
  type ParticipantListQueryInput,
  type ParticipantListRow,
} from '@recovery-portal/contract/participants';
import { PARTICIPANT_TYPES, USER_STATUSES } from '@recovery-portal/contract/users';
import { participantStats } from '#app/db/schema/activity';
import { participantSearchCounts, users } from '#app/db/schema/users';
import {
  buildTestApp,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import {
  addParticipant,
  callApi,
  daysAgo,
  seedGroups,
  type HttpMethod,
} from './participants.fixtures';

/*
 * The list's total comes from participant_search_counts, kept by triggers on users (migration
 * 0007), whenever there is no search or one of 1–2 characters. These tests change participants
 * every way the portal and bulk writes do, and hold the kept counts to a recount from users.
 */

let testApp: TestApp;
let clinician: LoggedInStaff;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  await seedGroups(testApp.db, ['CZ']);
});

const as = (method: HttpMethod, url: string, payload?: unknown) =>
  callApi(testApp, method, url, clinician.access_token, payload);

async function list(body: ParticipantListQueryInput) {
  return successData(await as('POST', API_PATHS.user.list, body), participantListResponseSchema);
}

/** Every (type, status, gram) the kept counts disagree with a recount from users on. */
async function countsDisagreeingWithUsers() {
  const disagreeing = sql`(
    with kept as (
      select participant_type, status, gram, sum(n)::int as n
      from ${participantSearchCounts} group by 1, 2, 3 having sum(n) <> 0
    ), recounted as (
      select u.participant_type, u.status, g.gram, count(*)::int as n
      from users u cross join lateral participant_search_grams(u.search_text) as g(gram)
      where u.role = 'PARTICIPANT' and u.participant_type is not null
      group by 1, 2, 3
    )
    select concat_ws(' ', participant_type, status, quote_literal(gram), n) as key
    from ((table kept except table recounted) union all (table recounted except table kept)) d
  ) as disagreeing`;
  const rows = await testApp.db.select({ key: sql<string>`disagreeing.key` }).from(disagreeing);
  return rows.map((row) => row.key);
}

/** The list's total for every type and status filter equals a count of users. */
async function expectListTotalsExact() {
  for (const type of PARTICIPANT_TYPES) {
    for (const status of ['', ...USER_STATUSES] as const) {
      const [counted] = await testApp.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(
          sql`${users.role} = 'PARTICIPANT' and ${users.participantType} = ${type} ${
            status ? sql`and ${users.status} = ${status}` : sql``
          }`,
        );
      expect((await list({ type, status })).total_participants, `${type} ${status}`).toBe(
        counted?.n,
      );
    }
  }
  expect(await countsDisagreeingWithUsers()).toEqual([]);
}

describe('participant list: the total stays exact', () => {
  it('through invite, reminder, suspend, reactivate, type change and delete in the portal', async () => {
    const invited = successData(
      await as('POST', API_PATHS.user.create, {
        email: 'new.person@example.org',
        name: 'Mary Ann Smith',
        type: 'Internal',
        group: 'CZ',
      }),
      participantListRowSchema,
    );
    await expectListTotalsExact();
    await as('POST', API_PATHS.account.remind, { user_id: invited.id });
    await expectListTotalsExact();

    const active = await addParticipant(testApp.db, { firstName: 'Active', lastName: 'One' });
    await addParticipant(testApp.db, { firstName: 'Active', lastName: 'Two', type: 'Pilot' });
    await expectListTotalsExact();
    expect((await as('PATCH', API_PATHS.account.suspend, { user_id: active.id })).statusCode).toBe(
      200,
    );
    await expectListTotalsExact();
    expect((await as('PATCH', API_PATHS.account.resume, { user_id: active.id })).statusCode).toBe(
      200,
    );
    await expectListTotalsExact();
    const typeChange = { user_id: active.id, user_type: 'Demo' };
    expect((await as('PATCH', API_PATHS.user.userType, typeChange)).statusCode).toBe(200);
    await expectListTotalsExact();
    const deleted = await as('DELETE', API_PATHS.account.deleteParticipant(active.id));
    expect(deleted.statusCode).toBe(200);
    await expectListTotalsExact();
    expect((await list({ status: 'PENDING_ACTIVATION' })).total_participants).toBe(1);
  });

  it('through bulk inserts, status and name changes and deletes of many participants at once', async () => {
    const inserted = await testApp.db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          role: 'PARTICIPANT' as const,
          status: i % 3 === 0 ? ('SUSPENDED' as const) : ('ACTIVATED' as const),
          participantType: PARTICIPANT_TYPES[i % PARTICIPANT_TYPES.length] ?? 'Internal',
          email: `bulk${i}@example.org`,
          firstName: `Bulk${i}`,
          lastName: i % 2 ? 'Anders' : 'Zed',
        })),
      )
      .returning({ id: users.id });
    const ids = inserted.map((row) => row.id);
    await expectListTotalsExact();

    await testApp.db
      .update(users)
      .set({ status: 'PENDING_ACTIVATION' })
      .where(inArray(users.id, ids.slice(0, 15)));
    await expectListTotalsExact();
    // A rename changes which 1–2 character searches find them, not how many there are.
    await testApp.db
      .update(users)
      .set({ lastName: sql`${users.lastName} || 'qx'` })
      .where(inArray(users.id, ids.slice(10, 30)));
    await expectListTotalsExact();
    expect((await list({ status: '', search_key: 'qx' })).total_participants).toBe(
      ids.slice(10, 30).filter((_, i) => (10 + i) % 3 === 0).length,
    );
    // Updates that change nothing the counts depend on leave them alone.
    await testApp.db
      .update(users)
      .set({ updatedAt: sql`now()` })
      .where(inArray(users.id, ids));
    await expectListTotalsExact();

    await testApp.db.delete(users).where(inArray(users.id, ids.slice(5, 25)));
    await expectListTotalsExact();
  });

  it('staff accounts and participants without a type are never counted', async () => {
    await addParticipant(testApp.db, { firstName: 'Counted' });
    const untyped = await addParticipant(testApp.db, { firstName: 'Untyped' });
    await testApp.db.update(users).set({ participantType: null }).where(eq(users.id, untyped.id));
    // The clinician signed in above is a users row too.
    expect((await list({ status: '' })).total_participants).toBe(1);
    await expectListTotalsExact();
  });

  it('deleting the kept counts directly recounts them from users', async () => {
    await addParticipant(testApp.db, { firstName: 'Kept' });
    await addParticipant(testApp.db, { firstName: 'Also', status: 'SUSPENDED' });
    await testApp.db.delete(participantSearchCounts);
    await expectListTotalsExact();
    expect((await list({ status: '' })).total_participants).toBe(2);
  });

  it('a new participant_stats row copies its participant’s type and status, and follows changes', async () => {
    const participant = await addParticipant(testApp.db, {
      firstName: 'Stats',
      stats: { sessions: 3 },
    });
    const copy = async () =>
      (
        await testApp.db
          .select({ type: participantStats.participantType, status: participantStats.status })
          .from(participantStats)
          .where(eq(participantStats.userId, participant.id))
      )[0];
    expect(await copy()).toEqual({ type: 'Internal', status: 'ACTIVATED' });
    await as('PATCH', API_PATHS.account.suspend, { user_id: participant.id });
    await as('PATCH', API_PATHS.user.userType, { user_id: participant.id, user_type: 'Pilot' });
    expect(await copy()).toEqual({ type: 'Pilot', status: 'SUSPENDED' });
    const page = await list({
      type: 'Pilot',
      status: 'SUSPENDED',
      orderBy: 'active_session_count',
    });
    expect(page.users.map((row) => row.id)).toEqual([participant.id]);
  });
});

describe('participant list: search by any sort', () => {
  const people = [
    ['Anna', 'Qxeller'],
    ['Bob', 'Stone'],
    ['Cleo', 'Qxeller'],
    ['Dan', 'Anders'],
    ['Eve', 'Qxeller'],
    ['Finn', 'Moss'],
    ['Gus', 'Qxeller'],
    ['Hana', 'Bright'],
  ] as const;

  beforeEach(async () => {
    for (const [i, [firstName, lastName]] of people.entries()) {
      await addParticipant(testApp.db, {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.org`,
        joinedAt: i % 3 === 0 ? null : daysAgo(i),
        // Some without activity, some tied, so empty values and ties are both exercised.
        stats:
          i % 4 === 3
            ? null
            : { sessions: i % 2, chats: i, calls: 2, nudgeOpens: 7 - i, lastAppOpen: daysAgo(i) },
        triage:
          i % 3 === 1
            ? { openFlags: i, topSeverity: i % 2 ? 'HIGH' : 'MODERATE', lastReviewedAt: daysAgo(i) }
            : null,
      });
    }
  });

  const ids = (rows: ParticipantListRow[]) => rows.map((row) => row.id);

  it.each(PARTICIPANT_SORT_OPTIONS.map((option) => [option.label, option] as const))(
    'a search sorted by %s lists the matches in the order of the whole list',
    async (_label, option) => {
      const sort = { orderBy: option.orderBy, orderDirection: option.orderDirection };
      const everyone = await list({ ...sort, page_size: 100 });
      const matching = (text: string) =>
        everyone.users.filter((row) =>
          `${row.first_name} ${row.last_name} ${row.user_name ?? ''}`.toLowerCase().includes(text),
        );
      // A trigram search with few matches (sorted after filtering), and a 2-character one
      // (counted from the kept counts, found by walking the sort's order), page by page.
      for (const text of ['qxeller', 'an']) {
        const expected = matching(text);
        expect(expected.length).toBeGreaterThan(1);
        const seen: ParticipantListRow[] = [];
        for (let start = 0; start < expected.length; start += 3) {
          const page = await list({ ...sort, search_key: text.toUpperCase(), page_size: 3, start });
          expect(page.total_participants).toBe(expected.length);
          seen.push(...page.users);
        }
        expect(ids(seen), text).toEqual(ids(expected));
      }
    },
  );

  it('a one- or two-character search finds everyone whose name or email contains it, with the exact total', async () => {
    for (const text of ['a', 'q', 'xe', 'n ', '@', 'zz']) {
      const page = await list({ status: '', search_key: text, page_size: 100 });
      const expected = people.filter(([first, last]) =>
        `${first} ${last} ${first}@example.org`.toLowerCase().includes(text.trim().toLowerCase()),
      );
      expect(page.total_participants, text).toBe(expected.length);
      expect(page.users.map((row) => row.first_name).sort(), text).toEqual(
        expected.map(([first]) => first).sort(),
      );
    }
  });

  it('a page past the total is empty and still reports the total', async () => {
    const page = await list({ search_key: 'an', start: 30 });
    expect(page.users).toEqual([]);
    expect(page.total_participants).toBe(
      people.filter(([first, last]) =>
        `${first} ${last} ${first}@example.org`.toLowerCase().includes('an'),
      ).length,
    );
  });
});
