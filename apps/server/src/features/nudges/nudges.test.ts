import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NUDGE_FEEDBACK_FILTERS,
  NUDGE_MESSAGES,
  NUDGE_STATUSES,
  nudgeDetailSchema,
  nudgeExportParams,
  nudgeListResponseSchema,
  type Nudge,
  type NudgeListRequest,
} from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { auditLog } from '#app/db/schema/audit';
import { nudges } from '#app/db/schema/nudges';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createNudge, createParticipant, createStaff, type FactoryUser } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import { NUDGE_BATCH_SIZE, nudgeBatches, type NudgeQuery } from './nudges.repository';
import { toNudgeQuery } from './nudges.service';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

function listAs(token: string | null, body: unknown) {
  return postJson(
    testApp.app,
    API_PATHS.nudge.list,
    body as NudgeListRequest,
    token ? { headers: authHeaders(token) } : {},
  );
}

async function list(body: NudgeListRequest = {}) {
  return successData(await listAs(clinician.access_token, body), nudgeListResponseSchema);
}

function exportAs(token: string | null, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return testApp.app.inject({
    method: 'GET',
    url: `${API_PATHS.nudge.export}${search ? `?${search}` : ''}`,
    headers: token ? authHeaders(token) : {},
  });
}

function getNudge(token: string, id: number | string) {
  return testApp.app.inject({
    method: 'GET',
    url: API_PATHS.nudge.byId(id),
    headers: authHeaders(token),
  });
}

const titles = (rows: readonly Nudge[]) => rows.map((row) => row.title);

/** Parses the export body (after the BOM) into records, honouring RFC 4180 quoting. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

describe('nudges list', () => {
  it('a clinician sees participants’ nudges newest first with the columns of the list', async () => {
    const jane = await createParticipant(testApp.db, { firstName: 'Jane', lastName: 'Doe' });
    const older = await createNudge(testApp.db, jane.id, {
      title: 'Hydrate',
      content: 'Drink a glass of water.',
      targetDate: '2025-01-02',
      sendTime: '08:05:00',
      trackingType: 'COMPLETED',
      feedbackType: 'THUMBS_UP',
    });
    await createNudge(testApp.db, jane.id, { title: 'Walk', targetDate: '2025-01-03' });

    const page = await list();

    expect(page.total_number_of_records).toBe(2);
    expect(titles(page.nudges)).toEqual(['Walk', 'Hydrate']);
    expect(page.nudges[1]).toEqual({
      id: older.id,
      title: 'Hydrate',
      content: 'Drink a glass of water.',
      target_date: '2025-01-02',
      participant_id: jane.id,
      participant_name: 'Jane Doe',
      send_time: '08:05',
      tracking_type: 'COMPLETED',
      feedback_type: 'THUMBS_UP',
    });
    expect(page.nudges[0]?.feedback_type).toBeNull();
  });

  it('nudges of staff accounts never appear, only participants’', async () => {
    const staff = await createStaff(testApp.db);
    const participant = await createParticipant(testApp.db);
    await createNudge(testApp.db, staff.id, { title: 'Staff nudge' });
    await createNudge(testApp.db, participant.id, { title: 'Participant nudge' });
    const page = await list();
    expect(titles(page.nudges)).toEqual(['Participant nudge']);
    expect(page.total_number_of_records).toBe(1);
  });

  it('a clinician can filter by each status', async () => {
    const participant = await createParticipant(testApp.db);
    for (const status of NUDGE_STATUSES) {
      await createNudge(testApp.db, participant.id, { title: status, trackingType: status });
    }
    for (const status of NUDGE_STATUSES) {
      const page = await list({ status });
      expect(titles(page.nudges)).toEqual([status]);
      expect(page.total_number_of_records).toBe(1);
    }
    expect((await list({ status: '' })).total_number_of_records).toBe(NUDGE_STATUSES.length);
  });

  it('a clinician can filter by each feedback, including no feedback', async () => {
    const participant = await createParticipant(testApp.db);
    await createNudge(testApp.db, participant.id, {
      title: 'THUMBS_UP',
      feedbackType: 'THUMBS_UP',
    });
    await createNudge(testApp.db, participant.id, {
      title: 'THUMBS_DOWN',
      feedbackType: 'THUMBS_DOWN',
    });
    await createNudge(testApp.db, participant.id, { title: 'NO_FEEDBACK', feedbackType: null });
    for (const feedback of NUDGE_FEEDBACK_FILTERS) {
      expect(titles((await list({ feedback })).nudges)).toEqual([feedback]);
    }
    expect((await list({ feedback: '' })).total_number_of_records).toBe(3);
  });

  it('a clinician can filter by one target date or an inclusive date range', async () => {
    const participant = await createParticipant(testApp.db);
    for (const day of ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04']) {
      await createNudge(testApp.db, participant.id, { title: day, targetDate: day });
    }
    expect(titles((await list({ date: '2025-03-02' })).nudges)).toEqual(['2025-03-02']);
    expect(titles((await list({ date_from: '2025-03-02', date_to: '2025-03-03' })).nudges)).toEqual(
      ['2025-03-03', '2025-03-02'],
    );
    expect(titles((await list({ date_from: '2025-03-03' })).nudges)).toEqual([
      '2025-03-04',
      '2025-03-03',
    ]);
    expect(titles((await list({ date_to: '2025-03-01' })).nudges)).toEqual(['2025-03-01']);
    // A date outside the range matches nothing; an empty date is no filter.
    expect((await list({ date: '2025-03-01', date_from: '2025-03-02' })).nudges).toEqual([]);
    expect((await list({ date: '' })).total_number_of_records).toBe(4);
  });

  it('the participant-type tab shows only nudges of that type of participant', async () => {
    const types: ParticipantType[] = ['Internal', 'Pilot', 'Demo'];
    for (const type of types) {
      const participant = await createParticipant(testApp.db, { participantType: type });
      await createNudge(testApp.db, participant.id, { title: type });
    }
    for (const type of types) {
      expect(titles((await list({ user_type: type })).nudges)).toEqual([type]);
    }
    expect((await list({ user_type: '' })).total_number_of_records).toBe(3);
  });

  it('a clinician can sort by participant name and by date in both directions, ties by id', async () => {
    const zed = await createParticipant(testApp.db, { firstName: 'zed', lastName: 'Zulu' });
    const amy = await createParticipant(testApp.db, { firstName: 'Amy', lastName: 'Able' });
    const a1 = await createNudge(testApp.db, amy.id, { title: 'amy-1', targetDate: '2025-05-02' });
    const a2 = await createNudge(testApp.db, amy.id, { title: 'amy-2', targetDate: '2025-05-02' });
    await createNudge(testApp.db, zed.id, { title: 'zed-1', targetDate: '2025-05-01' });

    expect(
      titles((await list({ orderBy: 'participant_name', orderDirection: 'asc' })).nudges),
    ).toEqual(['amy-1', 'amy-2', 'zed-1']);
    expect(
      titles((await list({ orderBy: 'participant_name', orderDirection: 'DESC' })).nudges),
    ).toEqual(['zed-1', 'amy-2', 'amy-1']);
    expect(titles((await list({ orderBy: 'target_date', orderDirection: 'asc' })).nudges)).toEqual([
      'zed-1',
      'amy-1',
      'amy-2',
    ]);
    expect(titles((await list({ orderBy: 'target_date', orderDirection: 'desc' })).nudges)).toEqual(
      ['amy-2', 'amy-1', 'zed-1'],
    );
    // Empty sort fields fall back to the default, target_date descending.
    expect(titles((await list({ orderBy: '', orderDirection: '' })).nudges)).toEqual([
      'amy-2',
      'amy-1',
      'zed-1',
    ]);
    expect(a1.id).toBeLessThan(a2.id);
  });

  it('search finds title, content and participant name, case-insensitively', async () => {
    const jane = await createParticipant(testApp.db, { firstName: 'Janet', lastName: 'Quinn' });
    const bob = await createParticipant(testApp.db, { firstName: 'Bob', lastName: 'Stone' });
    await createNudge(testApp.db, bob.id, { title: 'Ice your knee', content: 'Ten minutes.' });
    await createNudge(testApp.db, bob.id, { title: 'Walk', content: 'Around the BLOCK twice.' });
    await createNudge(testApp.db, jane.id, { title: 'Stretch', content: 'Gently.' });
    expect(titles((await list({ search_key: 'KNEE' })).nudges)).toEqual(['Ice your knee']);
    expect(titles((await list({ search_key: 'block' })).nudges)).toEqual(['Walk']);
    expect(titles((await list({ search_key: 'janet qu' })).nudges)).toEqual(['Stretch']);
    expect((await list({ search_key: '  ' })).total_number_of_records).toBe(3);
    expect((await list({ search_key: 'nothing like it' })).nudges).toEqual([]);
  });

  it('search treats % and _ as literal characters', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Pat', lastName: 'Lee' });
    await createNudge(testApp.db, participant.id, { title: '100% done' });
    await createNudge(testApp.db, participant.id, { title: '1000 done' });
    await createNudge(testApp.db, participant.id, { title: 'step_count' });
    await createNudge(testApp.db, participant.id, { title: 'stepXcount' });
    await createNudge(testApp.db, participant.id, { title: 'back\\slash' });
    expect(titles((await list({ search_key: '100%' })).nudges)).toEqual(['100% done']);
    expect(titles((await list({ search_key: 'step_' })).nudges)).toEqual(['step_count']);
    expect(titles((await list({ search_key: '%' })).nudges)).toEqual(['100% done']);
    expect(titles((await list({ search_key: '\\' })).nudges)).toEqual(['back\\slash']);
  });

  it('paging walks through every nudge once, without overlap or gaps', async () => {
    const participant = await createParticipant(testApp.db);
    await testApp.db.insert(nudges).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: participant.id,
        title: `n${i}`,
        content: 'c',
        // Many equal dates, so the id tie-break is what keeps pages stable.
        targetDate: `2025-06-0${(i % 3) + 1}`,
        sendTime: '09:00',
        trackingType: 'ACTIVE' as const,
      })),
    );
    const seen: number[] = [];
    for (const start of [0, 15, 30]) {
      const page = await list({ start, page_size: 15 });
      expect(page.total_number_of_records).toBe(40);
      expect(page.nudges).toHaveLength(start === 30 ? 10 : 15);
      seen.push(...page.nudges.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(40);
    const beyond = await list({ start: 40, page_size: 15 });
    expect(beyond).toEqual({ nudges: [], total_number_of_records: 40 });
    // Default page size is 15.
    expect((await list()).nudges).toHaveLength(15);
    expect((await list({ page_size: 100 })).nudges).toHaveLength(40);
  });

  it('only clinicians may list nudges: administrators get 403 and anonymous callers 401', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await listAs(admin.access_token, {}), 403, 'FORBIDDEN');
    failure(await listAs(null, {}), 401, 'UNAUTHENTICATED');
    failure(await listAs('not-a-token', {}), 401, 'UNAUTHENTICATED');
  });

  it('bad list requests are refused with 400 and a sentence naming the problem', async () => {
    const bad: [unknown, RegExp][] = [
      [{ page_size: 'abc' }, /page_size/],
      [{ page_size: 0 }, /page_size/],
      [{ page_size: 101 }, /page_size must be at most 100/],
      [{ page_size: 1.5 }, /page_size/],
      [{ start: -1 }, /start/],
      [{ start: '0' }, /start/],
      [{ search_key: 'x'.repeat(10_000) }, /search_key/],
      [{ search_key: 42 }, /search_key/],
      [{ orderBy: 'title' }, /orderBy must be one of participant_name, target_date/],
      [{ orderDirection: 'sideways' }, /orderDirection/],
      [{ status: 'DONE' }, /status must be one of ACTIVE, INACTIVE, PENDING, COMPLETED, CANCELLED/],
      [{ feedback: 'MEH' }, /feedback/],
      [{ user_type: 'Martian' }, /user_type/],
      [{ date: '2025-02-30' }, /date must be a date written YYYY-MM-DD/],
      [{ date: '03/02/2025' }, /date/],
      [{ date_from: '2025-03-05', date_to: '2025-03-01' }, /date_from must not be after date_to/],
      [[1, 2], /./],
    ];
    for (const [body, message] of bad) {
      const envelope = failure(await listAs(clinician.access_token, body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(message);
    }
  });

  it('listing nudges is recorded in the audit trail with the participants shown', async () => {
    const participant = await createParticipant(testApp.db);
    await createNudge(testApp.db, participant.id);
    await list({ status: 'ACTIVE' });
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, clinician.user.id), eq(auditLog.action, 'nudge.list')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({
      filters: { status: 'ACTIVE' },
      participant_ids: [participant.id],
    });
  });
});

describe('nudge details', () => {
  it('a clinician opens one nudge with its participant', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Ola',
      lastName: 'Nordmann',
    });
    const opened = new Date('2025-02-03T10:11:12Z');
    const nudge = await createNudge(testApp.db, participant.id, {
      title: 'Breathe',
      content: 'Four slow breaths.',
      targetDate: '2025-02-03',
      sendTime: '07:30',
      trackingType: 'PENDING',
      feedbackType: 'THUMBS_DOWN',
      openedAt: opened,
    });
    const detail = successData(await getNudge(clinician.access_token, nudge.id), nudgeDetailSchema);
    expect(detail).toEqual({
      id: nudge.id,
      title: 'Breathe',
      content: 'Four slow breaths.',
      target_date: '2025-02-03',
      participant_id: participant.id,
      participant_name: 'Ola Nordmann',
      send_time: '07:30',
      tracking_type: 'PENDING',
      feedback_type: 'THUMBS_DOWN',
      opened_at: '2025-02-03T10:11:12Z',
    });
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, clinician.user.id), eq(auditLog.action, 'nudge.view')));
    expect(audits[0]).toMatchObject({ subjectType: 'participant', subjectId: participant.id });
  });

  it('an unknown nudge, or one that is not a participant’s, is a clear 404', async () => {
    const staff = await createStaff(testApp.db);
    const staffNudge = await createNudge(testApp.db, staff.id);
    for (const id of [999_999, staffNudge.id]) {
      const envelope = failure(await getNudge(clinician.access_token, id), 404, 'NOT_FOUND');
      expect(envelope._error).toBe(NUDGE_MESSAGES.notFound);
    }
    failure(await getNudge(clinician.access_token, 'abc'), 400, 'VALIDATION_ERROR');
    failure(await getNudge(clinician.access_token, 0), 400, 'VALIDATION_ERROR');
  });

  it('administrators cannot open nudges', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getNudge(admin.access_token, 1), 403, 'FORBIDDEN');
  });
});

describe('nudge export', () => {
  it('a clinician downloads the list as a UTF-8 CSV attachment with a header row', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Zoë', lastName: 'Ægir' });
    const nudge = await createNudge(testApp.db, participant.id, {
      title: 'Walk',
      content: 'Ten minutes',
      targetDate: '2025-04-01',
      sendTime: '18:45',
      trackingType: 'COMPLETED',
      feedbackType: 'THUMBS_UP',
    });
    const response = await exportAs(clinician.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="nudges-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.rawPayload.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      [
        'ID',
        'Date',
        'Title',
        'Content',
        'Participant',
        'Participant ID',
        'Notification time',
        'Status',
        'Feedback',
      ],
      [
        String(nudge.id),
        '2025-04-01',
        'Walk',
        'Ten minutes',
        'Zoë Ægir',
        String(participant.id),
        '18:45',
        'COMPLETED',
        'THUMBS_UP',
      ],
    ]);
  });

  it('the export quotes commas, quotes and line breaks and neutralises formulas', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: '=HYPERLINK("x")',
      lastName: 'Doe',
    });
    const cases = [
      'knee, left',
      'say "hello"',
      'line one\nline two',
      'line one\r\nline two',
      '=cmd|/C calc!A0',
      '+1+2',
      '-3+4',
      '@SUM(A1)',
      '\tTabbed',
      '膝の運動 😊',
    ];
    for (const [i, content] of cases.entries()) {
      await createNudge(testApp.db, participant.id, {
        title: `t${i}`,
        content,
        targetDate: `2025-01-${String(10 + i)}`,
      });
    }
    const response = await exportAs(clinician.access_token, {
      orderBy: 'target_date',
      orderDirection: 'asc',
    });
    const records = parseCsv(response.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(records.map((record) => record[3])).toEqual([
      'knee, left',
      'say "hello"',
      'line one\nline two',
      'line one\r\nline two',
      "'=cmd|/C calc!A0",
      "'+1+2",
      "'-3+4",
      "'@SUM(A1)",
      "'\tTabbed",
      '膝の運動 😊',
    ]);
    expect(records.every((record) => record[4] === '\'=HYPERLINK("x") Doe')).toBe(true);
    // Raw bytes: the formula cell is quoted text starting with a single quote.
    expect(response.rawPayload.toString('utf8')).toContain(`,'=cmd|/C calc!A0,`);
  });

  it('the export honours the filters, search and sort of the list', async () => {
    const pilot = await createParticipant(testApp.db, {
      participantType: 'Pilot',
      firstName: 'Pia',
    });
    const internal = await createParticipant(testApp.db, { participantType: 'Internal' });
    await createNudge(testApp.db, pilot.id, {
      title: 'keep-1',
      trackingType: 'ACTIVE',
      feedbackType: null,
      targetDate: '2025-07-01',
    });
    await createNudge(testApp.db, pilot.id, {
      title: 'keep-2',
      trackingType: 'ACTIVE',
      feedbackType: null,
      targetDate: '2025-07-02',
    });
    await createNudge(testApp.db, pilot.id, {
      title: 'other-status',
      trackingType: 'CANCELLED',
      targetDate: '2025-07-01',
    });
    await createNudge(testApp.db, pilot.id, {
      title: 'with-feedback',
      feedbackType: 'THUMBS_UP',
      targetDate: '2025-07-01',
    });
    await createNudge(testApp.db, pilot.id, { title: 'other-date', targetDate: '2025-08-01' });
    await createNudge(testApp.db, internal.id, { title: 'other-type', targetDate: '2025-07-01' });
    const filters: NudgeListRequest = {
      start: 0,
      page_size: 15,
      date: '',
      user_type: 'Pilot',
      status: 'ACTIVE',
      feedback: 'NO_FEEDBACK',
      date_from: '2025-07-01',
      date_to: '2025-07-31',
      search_key: 'keep',
      orderBy: 'target_date',
      orderDirection: 'asc',
    };
    const params = nudgeExportParams(filters);
    expect(params).not.toHaveProperty('page_size');
    expect(params).not.toHaveProperty('date');
    const response = await exportAs(clinician.access_token, params);
    const records = parseCsv(response.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(records.map((record) => record[2])).toEqual(['keep-1', 'keep-2']);
    // Named after its filter; the search words stay out of the name.
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="nudges-pilot-active-no-feedback-from-2025-07-01-to-2025-07-31-search-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const page = await list(filters);
    expect(titles(page.nudges)).toEqual(['keep-1', 'keep-2']);
  });

  it('the export needs a clinician’s bearer token and valid filters', async () => {
    failure(await exportAs(null), 401, 'UNAUTHENTICATED');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await exportAs(admin.access_token), 403, 'FORBIDDEN');
    const envelope = failure(
      await exportAs(clinician.access_token, { orderBy: 'content' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(envelope._error).toMatch(/orderBy must be one of participant_name, target_date/);
    failure(await exportAs(clinician.access_token, { status: 'nope' }), 400, 'VALIDATION_ERROR');
  });

  it('a large export arrives complete and in list order, and is audited', async () => {
    const participants: FactoryUser[] = [];
    for (const name of ['Cara', 'abe', 'Bea']) {
      participants.push(await createParticipant(testApp.db, { firstName: name, lastName: 'X' }));
    }
    const rows = Array.from({ length: 1_300 }, (_, i) => ({
      userId: participants[i % 3]?.id ?? 0,
      title: `bulk-${i}`,
      content: 'c',
      targetDate: `2025-0${(i % 9) + 1}-15`,
      sendTime: '09:00',
      trackingType: 'ACTIVE' as const,
    }));
    await testApp.db.insert(nudges).values(rows);
    const response = await exportAs(clinician.access_token, {
      orderBy: 'participant_name',
      orderDirection: 'asc',
    });
    const records = parseCsv(response.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(records).toHaveLength(1_300);
    expect(new Set(records.map((record) => record[0])).size).toBe(1_300);
    expect(records[0]?.[4]).toBe('abe X');
    expect(records.at(-1)?.[4]).toBe('Cara X');
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, clinician.user.id), inArray(auditLog.action, ['nudge.export'])),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({
      filters: { orderBy: 'participant_name', direction: 'asc' },
    });
  });
});

describe('nudge export batches', () => {
  it('keyset batches visit every nudge once in exactly the list order, for every sort', async () => {
    const names = ['Mia', 'mia', 'Al', 'Zoe'];
    const participants: FactoryUser[] = [];
    for (const name of names) {
      participants.push(await createParticipant(testApp.db, { firstName: name, lastName: 'Y' }));
    }
    await testApp.db.insert(nudges).values(
      Array.from({ length: 61 }, (_, i) => ({
        userId: participants[i % names.length]?.id ?? 0,
        title: `k${i}`,
        content: 'c',
        targetDate: `2025-02-0${(i % 4) + 1}`,
        sendTime: '09:00',
        trackingType: 'ACTIVE' as const,
      })),
    );
    for (const orderBy of ['participant_name', 'target_date'] as const) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        const query: NudgeQuery = toNudgeQuery({ orderBy, orderDirection });
        const expected = (await list({ orderBy, orderDirection, page_size: 100 })).nudges;
        const streamed: Nudge[] = [];
        for await (const batch of nudgeBatches(testApp.db, query, 7)) {
          expect(batch.length).toBeLessThanOrEqual(7);
          streamed.push(...batch);
        }
        expect(streamed.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      }
    }
  });
});

describe('nudge list and export round trips', () => {
  /** The statements of a call, after one call to warm what is built once, and its answer. */
  async function sentBy<T>(call: () => Promise<T>) {
    let response = await call();
    const sent = await statementsOf(testApp, async () => {
      response = await call();
    });
    vi.restoreAllMocks();
    return { sent, response };
  }

  async function annAndBob() {
    const ann = await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' });
    const bob = await createParticipant(testApp.db, { firstName: 'Bob', lastName: 'Ray' });
    const staff = await createStaff(testApp.db);
    for (const [user, day, title] of [
      [ann, '05', 'walk one'],
      [bob, '04', 'walk two'],
      [ann, '03', 'stretch'],
      [bob, '02', 'rest'],
      [staff, '01', 'walk staff'],
    ] as const) {
      await createNudge(testApp.db, user.id, { title, content: 'c', targetDate: `2025-03-${day}` });
    }
    return { ann, bob };
  }

  it('the kept total: one statement checks the session, reads the page and writes the audit row', async () => {
    const { ann, bob } = await annAndBob();
    const { sent, response } = await sentBy(() =>
      listAs(clinician.access_token, { start: 1, page_size: 3 }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/"refresh_tokens"/);
    expect(sent[0]).toMatch(/insert into "audit_log"/);
    const page = successData(response, nudgeListResponseSchema);
    expect(titles(page.nudges)).toEqual(['walk two', 'stretch', 'rest']);
    expect(page.total_number_of_records).toBe(4);
    // Each participant once, in the order the page first shows them.
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'nudge.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { orderBy: 'target_date', direction: 'desc' },
          start: 1,
          participant_ids: [bob.id, ann.id],
        },
      },
    ]);
  });

  it('the kept statement writes its read-ahead and role into its text, so PostgreSQL keeps one plan; past the last read-ahead a page is still one statement', async () => {
    await annAndBob();
    const { sent } = await sentBy(() => listAs(clinician.access_token, { page_size: 15 }));
    expect(sent[0]).toMatch(/ limit 15\)/);
    expect(sent[0]).toMatch(/"role" = 'PARTICIPANT'/);
    expect(sent[0]).not.toMatch(/ (limit|offset) \$\d/);
    const deep = await sentBy(() => listAs(clinician.access_token, { start: 1100, page_size: 1 }));
    expect(deep.sent).toHaveLength(1);
    expect(deep.sent[0]).toMatch(/"refresh_tokens"/);
    expect(deep.sent[0]).toMatch(/insert into "audit_log"/);
    expect(successData(deep.response, nudgeListResponseSchema)).toEqual({
      nudges: [],
      total_number_of_records: 4,
    });
  });

  it('read ahead, past it, or counted, every page and total are the same', async () => {
    const people = [
      await createParticipant(testApp.db, { firstName: 'Cid', lastName: 'Moe' }),
      await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' }),
      await createParticipant(testApp.db, { firstName: 'Ann', lastName: 'Lee' }),
    ];
    for (let i = 0; i < 24; i += 1) {
      await createNudge(testApp.db, people[i % 3]!.id, {
        title: `n${String(i)}`,
        content: 'c',
        targetDate: `2025-04-0${String((i % 4) + 1)}`,
      });
    }
    for (const orderBy of ['participant_name', 'target_date'] as const) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        const whole = (await list({ orderBy, orderDirection, page_size: 100 })).nudges;
        for (const [start, pageSize] of [
          [0, 15],
          [5, 10],
          [14, 2],
          [20, 15],
          [1095, 10],
        ] as const) {
          const body = { orderBy, orderDirection, start, page_size: pageSize };
          const page = await list(body);
          // A date range that holds every nudge: the total is counted, the page read by LIMIT.
          const counted = await list({ ...body, date_from: '2025-01-01' });
          expect(page).toEqual(counted);
          expect(page).toEqual({
            nudges: whole.slice(start, start + pageSize),
            total_number_of_records: 24,
          });
        }
      }
    }
  });

  it('a counted total, sorted by participant: session check, page and total in one statement, then the audit row', async () => {
    const { ann, bob } = await annAndBob();
    const { sent, response } = await sentBy(() =>
      listAs(clinician.access_token, {
        search_key: 'walk',
        orderBy: 'participant_name',
        orderDirection: 'desc',
      }),
    );
    // A statement that writes gets no parallel workers to count with (listPageStatement): the
    // session check, page and total in one that writes nothing, then the audit row.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/"refresh_tokens"/);
    expect(sent[0]).toMatch(/count\(\*\)/);
    expect(sent[0]).not.toMatch(/insert into/);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const page = successData(response, nudgeListResponseSchema);
    expect(titles(page.nudges)).toEqual(['walk two', 'walk one']);
    expect(page.total_number_of_records).toBe(2);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'nudge.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { search: 'walk', orderBy: 'participant_name', direction: 'desc' },
          start: 0,
          participant_ids: [bob.id, ann.id],
        },
      },
    ]);
  });

  it('a page past the end still answers the total, and its audit row names no one', async () => {
    await annAndBob();
    const { sent, response } = await sentBy(() =>
      listAs(clinician.access_token, { start: 10, status: 'ACTIVE' }),
    );
    expect(sent).toHaveLength(2);
    expect(successData(response, nudgeListResponseSchema)).toEqual({
      nudges: [],
      total_number_of_records: 4,
    });
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'nudge.list',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { status: 'ACTIVE', orderBy: 'target_date', direction: 'desc' },
          start: 10,
          participant_ids: [],
        },
      },
    ]);
  });

  it('the export: the session check, then its first batch read by the statement that writes the audit row', async () => {
    await annAndBob();
    const filters = { orderBy: 'participant_name', orderDirection: 'asc' };
    const { sent, response } = await sentBy(() => exportAs(clinician.access_token, filters));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const records = parseCsv(response.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(records.map((record) => record[2])).toEqual(['walk one', 'stretch', 'walk two', 'rest']);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'nudge.export',
        subjectType: null,
        subjectId: null,
        details: { filters: { orderBy: 'participant_name', direction: 'asc' } },
      },
    ]);
  });

  it('an export that matches nothing is a header row, and still audited', async () => {
    const { sent, response } = await sentBy(() =>
      exportAs(clinician.access_token, { search_key: 'nobody at all' }),
    );
    expect(sent).toHaveLength(2);
    expect(parseCsv(response.rawPayload.toString('utf8').slice(1))).toHaveLength(1);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'nudge.export',
        subjectType: null,
        subjectId: null,
        details: {
          filters: { search: 'nobody at all', orderBy: 'target_date', direction: 'desc' },
        },
      },
    ]);
  });

  it('a larger export sends one statement per further batch, and writes its audit row once', async () => {
    const participant = await createParticipant(testApp.db);
    await testApp.db.insert(nudges).values(
      Array.from({ length: NUDGE_BATCH_SIZE + 100 }, (_, i) => ({
        userId: participant.id,
        title: `bulk-${i}`,
        content: 'c',
        targetDate: '2025-05-01',
        sendTime: '09:00',
        trackingType: 'ACTIVE' as const,
      })),
    );
    const { sent, response } = await sentBy(() => exportAs(clinician.access_token));
    expect(sent).toHaveLength(3);
    expect(sent.filter((text) => /insert into "audit_log"/.test(text))).toHaveLength(1);
    expect(parseCsv(response.rawPayload.toString('utf8').slice(1))).toHaveLength(
      NUDGE_BATCH_SIZE + 101,
    );
    expect(await auditedReadsOf(testApp.db, response)).toHaveLength(1);
  });
});
