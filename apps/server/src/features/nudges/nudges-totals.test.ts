import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  nudgeListResponseSchema,
  type Nudge,
  type NudgeListRequest,
} from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { PARTICIPANT_TYPES, type ParticipantType } from '@recovery-portal/contract/users';
import { nudges } from '#app/db/schema/nudges';
import { participantRecordCounts } from '#app/db/schema/participant-record-counts';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createNudge, createParticipant, createStaff } from '#app/test/factories';

/*
 * With no filter but the participant type, the list's total comes from participant_record_counts,
 * kept by triggers on nudges and users (migration 0008). These tests change nudges and
 * participants every way the portal and bulk writes do, and hold the total to a count of rows.
 */

let testApp: TestApp;
let clinician: LoggedInStaff;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

async function list(body: NudgeListRequest) {
  return successData(
    await postJson(testApp.app, API_PATHS.nudge.list, body, {
      headers: authHeaders(clinician.access_token),
    }),
    nudgeListResponseSchema,
  );
}

/** Every type tab's total equals a count of participants' nudges. */
async function expectTotalsExact() {
  for (const type of ['', ...PARTICIPANT_TYPES] as const) {
    const [counted] = await testApp.db
      .select({ n: count() })
      .from(nudges)
      .innerJoin(users, eq(users.id, nudges.userId))
      .where(
        and(eq(users.role, 'PARTICIPANT'), type ? eq(users.participantType, type) : undefined),
      );
    expect((await list({ user_type: type })).total_number_of_records, `tab '${type}'`).toBe(
      counted?.n,
    );
  }
}

async function participantsWithNudges(types: readonly (ParticipantType | null)[], each = 2) {
  const created = [];
  for (const participantType of types) {
    const participant = await createParticipant(testApp.db, { participantType });
    for (let i = 0; i < each; i += 1) await createNudge(testApp.db, participant.id);
    created.push(participant);
  }
  return created;
}

const titles = (rows: readonly Nudge[]) => rows.map((row) => row.title);

describe('nudge list totals without filters', () => {
  it('count every nudge added, one at a time or many in one statement, but not staff nudges', async () => {
    await expectTotalsExact();
    const [internal, , , untyped] = await participantsWithNudges([
      'Internal',
      'Pilot',
      'Demo',
      null,
    ]);
    const staff = await createStaff(testApp.db);
    await createNudge(testApp.db, staff.id);
    await testApp.db.insert(nudges).values(
      [internal, untyped].flatMap((participant) =>
        [1, 2, 3].map((i) => ({
          userId: participant!.id,
          title: `Bulk ${i}`,
          content: 'Drink water.',
          targetDate: '2025-06-01',
          sendTime: '10:00',
          trackingType: 'ACTIVE' as const,
        })),
      ),
    );
    await expectTotalsExact();
    expect((await list({})).total_number_of_records).toBe(14);
    expect((await list({ user_type: 'Internal' })).total_number_of_records).toBe(5);
  });

  it('drop the nudges of a deleted participant and each nudge deleted on its own', async () => {
    const [internal, pilot] = await participantsWithNudges(['Internal', 'Pilot', 'Internal'], 3);
    await testApp.db.delete(users).where(eq(users.id, internal!.id));
    await expectTotalsExact();
    const [one] = await testApp.db
      .select({ id: nudges.id })
      .from(nudges)
      .where(eq(nudges.userId, pilot!.id));
    await testApp.db.delete(nudges).where(eq(nudges.id, one!.id));
    await expectTotalsExact();
    expect((await list({ user_type: 'Pilot' })).total_number_of_records).toBe(2);
  });

  it('follow participants whose type or role changes, and nudges moved to another participant', async () => {
    const [a, b, c] = await participantsWithNudges(['Internal', 'Pilot', 'Demo'], 2);
    await testApp.db
      .update(users)
      .set({ participantType: 'Demo' })
      .where(inArray(users.id, [a!.id, b!.id]));
    await expectTotalsExact();
    expect((await list({ user_type: 'Demo' })).total_number_of_records).toBe(6);
    await testApp.db.update(users).set({ participantType: null }).where(eq(users.id, c!.id));
    await expectTotalsExact();
    await testApp.db.update(users).set({ role: 'CLINICIAN' }).where(eq(users.id, a!.id));
    await expectTotalsExact();
    await testApp.db.update(nudges).set({ userId: c!.id }).where(eq(nudges.userId, b!.id));
    await expectTotalsExact();
    await testApp.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, c!.id));
    await expectTotalsExact();
  });

  it('are recounted when the kept counts are emptied by hand', async () => {
    await participantsWithNudges(['Internal', 'Pilot', null], 2);
    await testApp.db.delete(participantRecordCounts);
    await expectTotalsExact();
    await testApp.db.execute(sql`truncate ${nudges}`);
    await expectTotalsExact();
    await participantsWithNudges(['Demo'], 1);
    await expectTotalsExact();
  });

  it('filtered lists still count only the matching nudges', async () => {
    const [internal] = await participantsWithNudges(['Internal', 'Pilot'], 2);
    await createNudge(testApp.db, internal!.id, { title: 'Stretch', targetDate: '2025-01-02' });
    expect((await list({ search_key: 'stretch' })).total_number_of_records).toBe(1);
    expect((await list({ date: '2025-01-02' })).total_number_of_records).toBe(1);
    expect((await list({ status: 'ACTIVE', user_type: 'Pilot' })).total_number_of_records).toBe(2);
  });
});

describe('nudge list sorted by participant name', () => {
  it('pages in name order, equal names by nudge id, in both directions', async () => {
    const names = [
      ['Cy', 'Cole'],
      ['amy', 'able'],
      ['Bob', 'Baker'],
      ['Amy', 'Able'],
    ] as const;
    const expected: { key: string; id: number; title: string }[] = [];
    for (const [firstName, lastName] of names) {
      const participant = await createParticipant(testApp.db, { firstName, lastName });
      for (let i = 0; i < 2; i += 1) {
        const title = `${firstName} ${lastName} ${i}`;
        const { id } = await createNudge(testApp.db, participant.id, { title });
        expected.push({ key: `${firstName} ${lastName}`.toLowerCase(), id, title });
      }
    }
    expected.sort((x, y) => (x.key === y.key ? x.id - y.id : x.key < y.key ? -1 : 1));
    const ascending = expected.map((row) => row.title);
    for (const [direction, order] of [
      ['asc', ascending],
      ['desc', [...ascending].reverse()],
    ] as const) {
      const pages: string[] = [];
      for (let start = 0; start < order.length; start += 3) {
        const page = await list({
          orderBy: 'participant_name',
          orderDirection: direction,
          start,
          page_size: 3,
        });
        expect(page.total_number_of_records).toBe(order.length);
        pages.push(...titles(page.nudges));
      }
      expect(pages, direction).toEqual(order);
    }
  });
});
