import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  coachListResponseSchema,
  type CoachConversation,
  type CoachListRequest,
} from '@recovery-portal/contract/coach';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { PARTICIPANT_TYPES, type ParticipantType } from '@recovery-portal/contract/users';
import { conversations } from '#app/db/schema/conversations';
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
import { createConversation, createParticipant, createStaff } from '#app/test/factories';

/*
 * With no filter but the participant type, the list's total comes from participant_record_counts,
 * kept by triggers on conversations and users (migration 0008). These tests change conversations
 * and participants every way the portal and bulk writes do, and hold the total to a count of rows.
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

async function list(body: CoachListRequest) {
  return successData(
    await postJson(testApp.app, API_PATHS.chat.list, body, {
      headers: authHeaders(clinician.access_token),
    }),
    coachListResponseSchema,
  );
}

/** Every type tab's total equals a count of participants' conversations. */
async function expectTotalsExact() {
  for (const type of ['', ...PARTICIPANT_TYPES] as const) {
    const [counted] = await testApp.db
      .select({ n: count() })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .where(
        and(eq(users.role, 'PARTICIPANT'), type ? eq(users.participantType, type) : undefined),
      );
    expect((await list({ user_type: type })).total_number_of_records, `tab '${type}'`).toBe(
      counted?.n,
    );
  }
}

async function participantsWithConversations(types: readonly (ParticipantType | null)[], each = 2) {
  const created = [];
  for (const participantType of types) {
    const participant = await createParticipant(testApp.db, { participantType });
    for (let i = 0; i < each; i += 1) await createConversation(testApp.db, participant.id);
    created.push(participant);
  }
  return created;
}

const summaries = (rows: readonly CoachConversation[]) => rows.map((row) => row.summary);

describe('coach list totals without filters', () => {
  it('count every conversation added, but not staff conversations', async () => {
    await expectTotalsExact();
    await participantsWithConversations(['Internal', 'Pilot', 'Demo', null]);
    const staff = await createStaff(testApp.db);
    await createConversation(testApp.db, staff.id);
    await expectTotalsExact();
    expect((await list({})).total_number_of_records).toBe(8);
  });

  it('drop the conversations of a deleted participant and follow changes of type', async () => {
    const [a, b, c] = await participantsWithConversations(['Internal', 'Pilot', 'Demo'], 3);
    await testApp.db.delete(users).where(eq(users.id, a!.id));
    await expectTotalsExact();
    await testApp.db
      .update(users)
      .set({ participantType: 'Internal' })
      .where(inArray(users.id, [b!.id, c!.id]));
    await expectTotalsExact();
    expect((await list({ user_type: 'Internal' })).total_number_of_records).toBe(6);
    await testApp.db.delete(conversations).where(eq(conversations.userId, c!.id));
    await expectTotalsExact();
  });

  it('are recounted when the kept counts are emptied by hand', async () => {
    await participantsWithConversations(['Internal', null], 2);
    await testApp.db.delete(participantRecordCounts);
    await expectTotalsExact();
  });

  it('filtered lists still count only the matching conversations', async () => {
    const [internal] = await participantsWithConversations(['Internal', 'Pilot'], 2);
    await createConversation(testApp.db, internal!.id, { summary: 'Talked about sleep.' });
    expect((await list({ search_key: 'sleep' })).total_number_of_records).toBe(1);
    expect((await list({ date: '2001-01-01' })).total_number_of_records).toBe(0);
  });
});

describe('coach list sorted by participant', () => {
  it('pages in name order, equal names by conversation id, in both directions', async () => {
    const names = [
      ['Cy', 'Cole'],
      ['amy', 'able'],
      ['Bob', 'Baker'],
      ['Amy', 'Able'],
    ] as const;
    const expected: { key: string; id: number; summary: string }[] = [];
    for (const [firstName, lastName] of names) {
      const participant = await createParticipant(testApp.db, { firstName, lastName });
      for (let i = 0; i < 2; i += 1) {
        const summary = `${firstName} ${lastName} ${i}`;
        const { id } = await createConversation(testApp.db, participant.id, { summary });
        expected.push({ key: `${firstName} ${lastName}`.toLowerCase(), id, summary });
      }
    }
    expected.sort((x, y) => (x.key === y.key ? x.id - y.id : x.key < y.key ? -1 : 1));
    const ascending = expected.map((row) => row.summary);
    for (const [direction, order] of [
      ['asc', ascending],
      ['desc', [...ascending].reverse()],
    ] as const) {
      const pages: string[] = [];
      for (let start = 0; start < order.length; start += 3) {
        const page = await list({
          orderBy: 'participant',
          orderDirection: direction,
          start,
          page_size: 3,
        });
        expect(page.total_number_of_records).toBe(order.length);
        pages.push(...summaries(page.chat_list));
      }
      expect(pages, direction).toEqual(order);
    }
  });
});
