import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coachListResponseSchema,
  type CoachConversation,
  type CoachListRequest,
} from '@recovery-portal/contract/coach';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { auditLog } from '#app/db/schema/audit';
import { conversations } from '#app/db/schema/conversations';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createConversation, createParticipant, createStaff } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

function listAs(token: string | null, body: unknown) {
  return postJson(
    testApp.app,
    API_PATHS.chat.list,
    body as CoachListRequest,
    token ? { headers: authHeaders(token) } : {},
  );
}

async function list(body: CoachListRequest = {}) {
  return successData(await listAs(clinician.access_token, body), coachListResponseSchema);
}

const summaries = (rows: readonly CoachConversation[]) => rows.map((row) => row.summary);
const at = (iso: string) => new Date(iso);

describe('coach conversations list', () => {
  it('a clinician sees conversations newest first with everything the dialog shows', async () => {
    const ann = await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' });
    // The dialog names the participant with two identifiers.
    await testApp.db
      .update(users)
      .set({ birthDate: '1955-04-09', mrn: 'AL-9' })
      .where(eq(users.id, ann.id));
    const older = await createConversation(testApp.db, ann.id, {
      endedAt: at('2025-03-04T15:07:00Z'),
      summary: 'Discussed knee swelling.',
      patientSummary: 'Knee swollen after walk.',
      markers: [{ content: 'knee swelling' }, { content: 'chest pain', type: 'symptom' }],
      transcript: [
        { userId: 'Coach', message: 'How is the knee?' },
        { userId: String(ann.id), message: 'Swollen.' },
      ],
      nextBestAction: 'Call the clinic',
      nextVisitDate: '2025-03-10',
    });
    await createConversation(testApp.db, ann.id, {
      endedAt: at('2025-03-05T09:00:00Z'),
      summary: 'Newer chat.',
    });

    const page = await list();

    expect(page.total_number_of_records).toBe(2);
    expect(summaries(page.chat_list)).toEqual(['Newer chat.', 'Discussed knee swelling.']);
    expect(page.chat_list[1]).toEqual({
      id: older.id,
      date: '2025-03-04',
      time: '15:07',
      ended_at: '2025-03-04T15:07:00Z',
      summary: 'Discussed knee swelling.',
      patient_summary: 'Knee swollen after walk.',
      participant_id: ann.id,
      first_name: 'Ann',
      last_name: 'Lee',
      birth_date: '1955-04-09',
      mrn: 'AL-9',
      extract: 'knee swelling, chest pain',
      markers: [{ content: 'knee swelling' }, { content: 'chest pain', type: 'symptom' }],
      transcript: [
        { userId: 'Coach', message: 'How is the knee?' },
        { userId: String(ann.id), message: 'Swollen.' },
      ],
      next_best_action: 'Call the clinic',
      next_visit_date: '2025-03-10',
    });
    expect(page.chat_list[0]).toMatchObject({
      extract: '',
      markers: [],
      next_best_action: null,
      next_visit_date: null,
    });
  });

  it('conversations of staff accounts never appear', async () => {
    const staff = await createStaff(testApp.db);
    const participant = await createParticipant(testApp.db);
    await createConversation(testApp.db, staff.id, { summary: 'staff' });
    await createConversation(testApp.db, participant.id, { summary: 'participant' });
    expect(summaries((await list()).chat_list)).toEqual(['participant']);
  });

  it('stored markers or transcript lines of the wrong shape are skipped instead of failing the list', async () => {
    const participant = await createParticipant(testApp.db);
    const row = await createConversation(testApp.db, participant.id, { summary: 'odd data' });
    await testApp.db
      .update(conversations)
      .set({
        markers: sql`'[{"content":"fever"},{"foo":1},"text",null]'::jsonb`,
        transcript: sql`'{"not":"a list"}'::jsonb`,
      })
      .where(eq(conversations.id, row.id));
    const [item] = (await list()).chat_list;
    expect(item).toMatchObject({
      extract: 'fever',
      markers: [{ content: 'fever' }],
      transcript: [],
    });
  });

  it('search finds the summary and the participant’s name; % and _ are literal', async () => {
    const kim = await createParticipant(testApp.db, { firstName: 'Kimberly', lastName: 'Stone' });
    const lou = await createParticipant(testApp.db, { firstName: 'Lou', lastName: 'Reed' });
    await createConversation(testApp.db, kim.id, { summary: 'Talked about SLEEP.' });
    await createConversation(testApp.db, lou.id, { summary: 'Pain down 50% this week.' });
    await createConversation(testApp.db, lou.id, { summary: 'Pain down 500 points.' });
    await createConversation(testApp.db, lou.id, { summary: 'used snake_case' });
    await createConversation(testApp.db, lou.id, { summary: 'used snakeXcase' });
    expect(summaries((await list({ search_key: 'sleep' })).chat_list)).toEqual([
      'Talked about SLEEP.',
    ]);
    expect(summaries((await list({ search_key: 'KIMBER' })).chat_list)).toEqual([
      'Talked about SLEEP.',
    ]);
    expect(summaries((await list({ search_key: '50%' })).chat_list)).toEqual([
      'Pain down 50% this week.',
    ]);
    expect(summaries((await list({ search_key: 'snake_' })).chat_list)).toEqual([
      'used snake_case',
    ]);
    expect((await list({ search_key: 'lou reed' })).total_number_of_records).toBe(4);
  });

  it('the participant-type tab and the date filter narrow the list', async () => {
    const types: ParticipantType[] = ['Internal', 'Pilot', 'Demo'];
    for (const [i, type] of types.entries()) {
      const participant = await createParticipant(testApp.db, { participantType: type });
      await createConversation(testApp.db, participant.id, {
        summary: type,
        endedAt: at(`2025-04-0${i + 1}T23:59:00Z`),
      });
    }
    for (const type of types) {
      expect(summaries((await list({ user_type: type })).chat_list)).toEqual([type]);
    }
    expect(summaries((await list({ date: '2025-04-02' })).chat_list)).toEqual(['Pilot']);
    expect(
      summaries((await list({ date_from: '2025-04-02', date_to: '2025-04-03' })).chat_list),
    ).toEqual(['Demo', 'Pilot']);
    expect((await list({ date: '', user_type: '' })).total_number_of_records).toBe(3);
  });

  it('a clinician can sort by participant and by date in both directions', async () => {
    const bo = await createParticipant(testApp.db, { firstName: 'Bo', lastName: 'B' });
    const al = await createParticipant(testApp.db, { firstName: 'al', lastName: 'A' });
    await createConversation(testApp.db, bo.id, {
      summary: 'bo-old',
      endedAt: at('2025-01-01T10:00:00Z'),
    });
    await createConversation(testApp.db, al.id, {
      summary: 'al-mid',
      endedAt: at('2025-01-02T10:00:00Z'),
    });
    await createConversation(testApp.db, bo.id, {
      summary: 'bo-new',
      endedAt: at('2025-01-03T10:00:00Z'),
    });
    const sorted = async (body: CoachListRequest) => summaries((await list(body)).chat_list);
    expect(await sorted({ orderBy: 'participant', orderDirection: 'asc' })).toEqual([
      'al-mid',
      'bo-old',
      'bo-new',
    ]);
    expect(await sorted({ orderBy: 'participant', orderDirection: 'desc' })).toEqual([
      'bo-new',
      'bo-old',
      'al-mid',
    ]);
    expect(await sorted({ orderBy: 'created_at', orderDirection: 'asc' })).toEqual([
      'bo-old',
      'al-mid',
      'bo-new',
    ]);
    expect(await sorted({ orderBy: 'created_at', orderDirection: 'DESC' })).toEqual([
      'bo-new',
      'al-mid',
      'bo-old',
    ]);
    expect(await sorted({ orderBy: '', orderDirection: '' })).toEqual([
      'bo-new',
      'al-mid',
      'bo-old',
    ]);
  });

  it('paging walks through every conversation once with the default page size of 15', async () => {
    const participant = await createParticipant(testApp.db);
    const endedAt = at('2025-05-05T05:05:00Z');
    for (let i = 0; i < 33; i += 1) {
      // Equal end times: the id tie-break keeps pages stable.
      await createConversation(testApp.db, participant.id, { summary: `c${i}`, endedAt });
    }
    const seen: number[] = [];
    for (const start of [0, 15, 30]) {
      const page = await list({ start });
      expect(page.total_number_of_records).toBe(33);
      expect(page.chat_list).toHaveLength(start === 30 ? 3 : 15);
      seen.push(...page.chat_list.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(33);
    expect((await list({ start: 33 })).chat_list).toEqual([]);
  });

  it('only clinicians may list conversations', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await listAs(admin.access_token, {}), 403, 'FORBIDDEN');
    failure(await listAs(null, {}), 401, 'UNAUTHENTICATED');
  });

  it('bad list requests are refused with 400 naming the problem', async () => {
    const bad: [unknown, RegExp][] = [
      [{ orderBy: 'summary' }, /orderBy must be one of participant, created_at/],
      [{ orderDirection: 'up' }, /orderDirection/],
      [{ page_size: '10' }, /page_size/],
      [{ page_size: 1000 }, /page_size must be at most 100/],
      [{ start: -5 }, /start/],
      [{ search_key: 'y'.repeat(5_000) }, /search_key/],
      [{ user_type: 'Staff' }, /user_type/],
      [{ date: 'yesterday' }, /date/],
    ];
    for (const [body, message] of bad) {
      const envelope = failure(await listAs(clinician.access_token, body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(message);
    }
  });

  it('listing conversations is audited with the participants shown', async () => {
    const participant = await createParticipant(testApp.db);
    await createConversation(testApp.db, participant.id);
    await list({ search_key: 'recovery' });
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, clinician.user.id), eq(auditLog.action, 'coach.list')));
    expect(rows[0]?.details).toMatchObject({
      filters: { search: 'recovery' },
      participant_ids: [participant.id],
    });
  });
});

describe('coach list round trips', () => {
  /** The call's statements and answer, after one call to warm what is built once. */
  async function listedWith(body: CoachListRequest) {
    let response = await listAs(clinician.access_token, body);
    const sent = await statementsOf(testApp, async () => {
      response = await listAs(clinician.access_token, body);
    });
    vi.restoreAllMocks();
    return { sent, response, page: successData(response, coachListResponseSchema) };
  }

  async function annAndBob() {
    const ann = await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' });
    const bob = await createParticipant(testApp.db, { firstName: 'Bob', lastName: 'Ray' });
    const staff = await createStaff(testApp.db);
    for (const [user, day, summary] of [
      [ann, '05', 'walk one'],
      [bob, '04', 'walk two'],
      [ann, '03', 'stretch'],
      [bob, '02', 'rest'],
      [staff, '01', 'walk staff'],
    ] as const) {
      await createConversation(testApp.db, user.id, {
        endedAt: at(`2025-03-${day}T09:00:00Z`),
        summary,
      });
    }
    return { ann, bob };
  }

  it('the kept total: one statement checks the session, reads the page and writes the audit row', async () => {
    const { ann, bob } = await annAndBob();
    const { sent, response, page } = await listedWith({ start: 1, page_size: 3 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/"refresh_tokens"/);
    expect(sent[0]).toMatch(/insert into "audit_log"/);
    expect(summaries(page.chat_list)).toEqual(['walk two', 'stretch', 'rest']);
    expect(page.total_number_of_records).toBe(4);
    // Each participant once, in the order the page first shows them.
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'coach.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { orderBy: 'created_at', direction: 'desc' },
          start: 1,
          participant_ids: [bob.id, ann.id],
        },
      },
    ]);
  });

  it('the kept statement writes its read-ahead and role into its text, so PostgreSQL keeps one plan; past the last read-ahead a page is still one statement', async () => {
    await annAndBob();
    const { sent } = await listedWith({ page_size: 15 });
    expect(sent[0]).toMatch(/ limit 15\)/);
    expect(sent[0]).toMatch(/"role" = 'PARTICIPANT'/);
    expect(sent[0]).not.toMatch(/ (limit|offset) \$\d/);
    const deep = await listedWith({ start: 1100, page_size: 1 });
    expect(deep.sent).toHaveLength(1);
    expect(deep.sent[0]).toMatch(/"refresh_tokens"/);
    expect(deep.sent[0]).toMatch(/insert into "audit_log"/);
    expect(deep.page).toEqual({ chat_list: [], total_number_of_records: 4 });
  });

  it('read ahead, past it, or counted, every page and total are the same', async () => {
    const people = [
      await createParticipant(testApp.db, { firstName: 'Cid', lastName: 'Moe' }),
      await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' }),
      await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' }),
    ];
    for (let i = 0; i < 24; i += 1) {
      await createConversation(testApp.db, people[i % 3]!.id, {
        endedAt: at(`2025-04-0${String((i % 4) + 1)}T09:00:00Z`),
        summary: `c${String(i)}`,
      });
    }
    for (const orderBy of ['participant', 'created_at'] as const) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        const whole = (await list({ orderBy, orderDirection, page_size: 100 })).chat_list;
        for (const [start, pageSize] of [
          [0, 15],
          [5, 10],
          [14, 2],
          [20, 15],
          [1095, 10],
        ] as const) {
          const body = { orderBy, orderDirection, start, page_size: pageSize };
          const page = await list(body);
          // A date range that holds every conversation: the total is counted, the page read by
          // LIMIT.
          const counted = await list({ ...body, date_from: '2025-01-01' });
          expect(page).toEqual(counted);
          expect(page).toEqual({
            chat_list: whole.slice(start, start + pageSize),
            total_number_of_records: 24,
          });
        }
      }
    }
  });

  it('a counted total, sorted by participant: session check, page and total in one statement, then the audit row', async () => {
    const { ann, bob } = await annAndBob();
    const { sent, response, page } = await listedWith({
      search_key: 'walk',
      orderBy: 'participant',
      orderDirection: 'desc',
    });
    // A statement that writes gets no parallel workers to count with (listPageStatement): the
    // session check, page and total in one that writes nothing, then the audit row.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/"refresh_tokens"/);
    expect(sent[0]).toMatch(/count\(\*\)/);
    expect(sent[0]).not.toMatch(/insert into/);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(summaries(page.chat_list)).toEqual(['walk two', 'walk one']);
    expect(page.total_number_of_records).toBe(2);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'coach.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { search: 'walk', orderBy: 'participant', direction: 'desc' },
          start: 0,
          participant_ids: [bob.id, ann.id],
        },
      },
    ]);
  });

  it('a page past the end still answers the total, and its audit row names no one', async () => {
    await annAndBob();
    const { sent, response, page } = await listedWith({ start: 10, user_type: 'Internal' });
    expect(sent).toHaveLength(1);
    expect(page).toEqual({ chat_list: [], total_number_of_records: 4 });
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'coach.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { userType: 'Internal', orderBy: 'created_at', direction: 'desc' },
          start: 10,
          participant_ids: [],
        },
      },
    ]);
  });
});
