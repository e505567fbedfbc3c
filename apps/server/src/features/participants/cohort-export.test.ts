import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { OUTCOME_EXPORT_HEADER } from '@recovery-portal/contract/cohort-export';
import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import { outcomeTrendsSchema } from '@recovery-portal/contract/outcomes';
import {
  PARTICIPANT_ERRORS,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createSurgery, createSurvey, createSurveyResponse } from '#app/test/factories';
import { addParticipant, callApi, daysAgo, seedGroups } from '#app/test/participant-fixtures';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { todayUtc } from '#app/core/days';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import { COHORT_BATCH_SIZE, cohortBatches } from './cohort-export.repository';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records;
}

async function exportCsv(query: string, token: string | null = clinician.access_token) {
  return callApi(testApp, 'GET', `${API_PATHS.user.outcomesExport}?${query}`, token);
}

/** The export as objects keyed by the header, after checking the BOM and the header. */
async function exported(query: string) {
  const response = await exportCsv(query);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(1));
  expect(header).toEqual(OUTCOME_EXPORT_HEADER);
  return rows.map((row) =>
    Object.fromEntries(OUTCOME_EXPORT_HEADER.map((name, i) => [name, row[i] ?? ''])),
  );
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const koosAnswers = (raw: number) =>
  Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));

/** Three Internal participants (two knee cohorts and one without surgery) and one Pilot. */
async function seedCohort() {
  await seedGroups(testApp.db, ['Knee Recovery', 'Hip Recovery']);
  const koos = await createSurvey(testApp.db, {
    title: KOOS_JR.title,
    questions: KOOS_JR.questions,
  });
  async function patient(
    firstName: string,
    group: string,
    surgeryDaysAgo: number | null,
    raws: [string, number, number][],
    type: 'Internal' | 'Pilot' = 'Internal',
  ) {
    const user = await addParticipant(testApp.db, { firstName, lastName: 'Cohort', group, type });
    if (surgeryDaysAgo !== null) {
      await createSurgery(testApp.db, user.id, {
        procedure: 'TOTAL_KNEE_REPLACEMENT',
        side: 'LEFT',
        surgeryDate: day(daysAgo(surgeryDaysAgo)),
      });
    }
    for (const [timepoint, ago, raw] of raws) {
      await createSurveyResponse(testApp.db, user.id, koos.id, {
        timepoint: timepoint as 'PRE_OP',
        targetDate: day(daysAgo(ago)),
        submittedAt: daysAgo(ago),
        answers: koosAnswers(raw),
      });
    }
    return user;
  }
  const recent = await patient('Recent', 'Knee Recovery', 100, [
    ['PRE_OP', 107, 16],
    ['WEEK_6', 58, 12],
  ]);
  const earlier = await patient('=HYPERLINK("http://evil")', 'Hip Recovery', 400, [
    ['PRE_OP', 407, 20],
    ['MONTH_3', 310, 18],
    ['MONTH_6', 220, 12],
  ]);
  const noSurgery = await patient('Nosurgery', 'Knee Recovery', null, []);
  const pilot = await patient('Pilot', 'Knee Recovery', 100, [['PRE_OP', 107, 10]], 'Pilot');
  return { recent, earlier, noSurgery, pilot };
}

describe('cohort outcome export', () => {
  it('holds the same numbers the outcome API gives, one row per participant, score and timepoint', async () => {
    const { recent, earlier } = await seedCohort();
    const rows = await exported('type=Internal');
    expect(rows.map((row) => [row.participant_id, row.timepoint])).toEqual([
      [String(recent.id), 'PRE_OP'],
      [String(recent.id), 'WEEK_6'],
      [String(earlier.id), 'PRE_OP'],
      [String(earlier.id), 'MONTH_3'],
      [String(earlier.id), 'MONTH_6'],
    ]);
    for (const participant of [recent, earlier]) {
      const trends = successData(
        await callApi(
          testApp,
          'GET',
          `${API_PATHS.surgery.outcomeTrends}?user_id=${participant.id}`,
          clinician.access_token,
        ),
        outcomeTrendsSchema,
      );
      const [survey] = trends.surveys;
      if (!survey) throw new Error('no outcome survey');
      for (const point of survey.points.filter((p) => p.submitted_on !== null)) {
        const row = rows.find(
          (r) => r.participant_id === String(participant.id) && r.timepoint === point.timepoint,
        );
        expect(row).toMatchObject({
          programme: trends.programme ?? '',
          measure: survey.measure,
          submitted_on: point.submitted_on,
          score: point.score === null ? '' : formatMeasureValue(survey.measure, point.score),
          status: point.status ?? '',
          mcid: String(survey.mcid?.value ?? ''),
          pass: String(survey.pass?.value ?? ''),
        });
        if (point.improvement !== null) {
          expect(Number(row?.change_from_preop)).toBe(
            Number(formatMeasureValue(survey.measure, point.improvement)),
          );
        }
      }
    }
    const sixMonths = rows.find((row) => row.timepoint === 'MONTH_6');
    // A 6-month KOOS JR below the PASS: the flag the screen shows, in the file too.
    expect(sixMonths).toMatchObject({
      status: 'NOT_IMPROVING',
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    expect(sixMonths?.surgery_date).toBe(day(daysAgo(400)));
  });

  it('filters by programme as the outcome trends resolve it: latest surgery, else group', async () => {
    const { recent, earlier, noSurgery } = await seedCohort();
    // A hip surgery decides over the knee group; no surgery and no programme group is GENERAL.
    const hip = await addParticipant(testApp.db, { firstName: 'Hipfirst', group: 'Knee Recovery' });
    await createSurgery(testApp.db, hip.id, {
      procedure: 'TOTAL_HIP_REPLACEMENT',
      surgeryDate: day(daysAgo(30)),
    });
    const general = await addParticipant(testApp.db, { firstName: 'General' });
    const listed = async (programme: string) =>
      successData(
        await callApi(testApp, 'POST', API_PATHS.user.list, clinician.access_token, {
          type: 'Internal',
          status: '',
          programme,
          orderBy: 'first_name',
        }),
        participantListResponseSchema,
      );
    const knee = await listed('KNEE');
    expect(knee.users.map((user) => user.id).sort()).toEqual(
      [recent.id, earlier.id, noSurgery.id].sort(),
    );
    expect(knee.total_participants).toBe(3);
    expect((await listed('HIP')).users.map((user) => user.id)).toEqual([hip.id]);
    expect((await listed('GENERAL')).users.map((user) => user.id)).toEqual([general.id]);
    expect((await listed('CARDIAC')).total_participants).toBe(0);
    const rows = await exported('type=Internal&programme=KNEE');
    expect([...new Set(rows.map((row) => row.participant_id))]).toEqual([
      String(recent.id),
      String(earlier.id),
    ]);
    expect(rows.every((row) => row.programme === 'KNEE')).toBe(true);
    for (const participant of [recent, hip, general]) {
      const trends = successData(
        await callApi(
          testApp,
          'GET',
          `${API_PATHS.surgery.outcomeTrends}?user_id=${participant.id}`,
          clinician.access_token,
        ),
        outcomeTrendsSchema,
      );
      const filtered = await listed(trends.programme ?? '');
      expect(filtered.users.map((user) => user.id)).toContain(participant.id);
    }
  });

  it('reads the cohort in batches by id, none skipped or repeated', async () => {
    const { recent, earlier, noSurgery } = await seedCohort();
    const filters = {
      type: 'Internal' as const,
      status: '' as const,
      tracker: '',
      search_key: '',
      not_reviewed_days: null,
      overdue_before: null,
      group: '',
      surgery_from: '',
      surgery_to: '',
      programme: '' as const,
    };
    const batches: number[][] = [];
    for await (const batch of cohortBatches(testApp.db, filters, new Date(), 2)) {
      batches.push(batch.map((participant) => participant.id));
    }
    expect(batches).toEqual([[recent.id, earlier.id], [noSurgery.id]]);
  });

  it('a name that a spreadsheet would run as a formula is written as text', async () => {
    const { earlier } = await seedCohort();
    const response = await exportCsv('type=Internal&group=Hip%20Recovery');
    expect(response.body).toContain(`${earlier.id},"'=HYPERLINK(""http://evil"")",Cohort,`);
    const [row] = await exported('type=Internal&group=Hip%20Recovery');
    expect(row?.first_name).toBe('\'=HYPERLINK("http://evil")');
  });

  it("respects the list's filter: type, group, surgery days and search", async () => {
    const { recent, earlier, pilot } = await seedCohort();
    const ids = async (query: string) => [
      ...new Set((await exported(query)).map((row) => row.participant_id)),
    ];
    expect(await ids('type=Pilot')).toEqual([String(pilot.id)]);
    expect(await ids('type=Internal&group=Knee%20Recovery')).toEqual([String(recent.id)]);
    const from = day(daysAgo(150));
    expect(await ids(`type=Internal&surgery_from=${from}`)).toEqual([String(recent.id)]);
    expect(await ids(`type=Internal&surgery_to=${from}`)).toEqual([String(earlier.id)]);
    expect(await ids(`type=Internal&surgery_from=${day(daysAgo(500))}&surgery_to=${from}`)).toEqual(
      [String(earlier.id)],
    );
    expect(await ids('type=Internal&search_key=recent')).toEqual([String(recent.id)]);
    expect(await ids('type=Internal&group=No%20such%20group')).toEqual([]);
    // The list itself holds the same cohort.
    const listed = successData(
      await callApi(testApp, 'POST', API_PATHS.user.list, clinician.access_token, {
        type: 'Internal',
        group: 'Knee Recovery',
        surgery_from: from,
      }),
      participantListResponseSchema,
    );
    expect(listed.total_participants).toBe(1);
    expect(listed.users.map((user) => user.id)).toEqual([recent.id]);
  });

  it('with Mine, exports only the caller’s caseload, as the list shows it', async () => {
    const { recent, earlier } = await seedCohort();
    await testApp.db
      .update(users)
      .set({ responsibleClinicianId: clinician.user.id })
      .where(eq(users.id, recent.id));
    const rows = await exported('type=Internal&mine=true');
    expect(new Set(rows.map((row) => row.participant_id))).toEqual(new Set([String(recent.id)]));
    const everyone = await exported('type=Internal&mine=false');
    expect(everyone.map((row) => row.participant_id)).toContain(String(earlier.id));
    failure(await exportCsv('type=Internal&mine=yes'), 400, 'VALIDATION_ERROR');
  });

  it('leaves one audit row with the filters', async () => {
    await seedCohort();
    const response = await exportCsv('type=Internal&group=Knee%20Recovery');
    expect(response.statusCode).toBe(200);
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.requestId, String(response.headers['x-request-id']))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: AUDIT_ACTIONS.participantsOutcomesExport,
      actorId: clinician.user.id,
      details: { filters: { type: 'Internal', group: 'Knee Recovery' } },
    });
  });

  it('refuses bad dates, a backwards range and bad filters with a sentence', async () => {
    for (const [query, sentence] of [
      ['surgery_from=2025-13-01', PARTICIPANT_ERRORS.surgeryDateInvalid('surgery_from')],
      ['surgery_to=yesterday', PARTICIPANT_ERRORS.surgeryDateInvalid('surgery_to')],
      [
        "surgery_from=2025-01-01'%20or%201=1",
        PARTICIPANT_ERRORS.surgeryDateInvalid('surgery_from'),
      ],
      ['surgery_from=2025-06-01&surgery_to=2025-01-01', PARTICIPANT_ERRORS.surgeryRangeInvalid],
      [`group=${'g'.repeat(500)}`, PARTICIPANT_ERRORS.groupFilterInvalid],
      ['not_reviewed_days=0', PARTICIPANT_ERRORS.notReviewedDaysInvalid],
      ['programme=SPINE', PARTICIPANT_ERRORS.programmeFilterInvalid],
      ['type=Everyone', ''],
    ] as const) {
      const envelope = failure(await exportCsv(query), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(sentence);
    }
    failure(
      await callApi(testApp, 'POST', API_PATHS.user.list, clinician.access_token, {
        surgery_from: '2025-06-01',
        surgery_to: '2025-01-01',
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('writes scores and changes with the decimals the instrument reports, identifies each participant, and names the file after its filter', async () => {
    await seedGroups(testApp.db, ['Knee Recovery']);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    // Every item at its worst (raw 28) is a KOOS JR of exactly 0.00, twice: no change.
    const user = await addParticipant(testApp.db, {
      firstName: 'Zero',
      group: 'Knee Recovery',
      type: 'Pilot',
    });
    await testApp.db
      .update(users)
      .set({ mrn: 'K-0042', birthDate: '1961-03-02' })
      .where(eq(users.id, user.id));
    for (const [timepoint, ago] of [
      ['PRE_OP', 120],
      ['MONTH_3', 20],
    ] as const) {
      await createSurveyResponse(testApp.db, user.id, koos.id, {
        timepoint,
        targetDate: day(daysAgo(ago)),
        submittedAt: daysAgo(ago),
        answers: koosAnswers(28),
      });
    }
    const query = 'type=Pilot&status=ACTIVATED&group=Knee%20Recovery&search_key=zero';
    const response = await exportCsv(query);
    expect(response.body).toContain(',0.00,,'); // PreOp: score, no change yet
    expect(response.body).toContain(',0.00,0.00,NOT_IMPROVING,'); // 3 Months
    const rows = await exported(query);
    expect(rows.map((row) => [row.mrn, row.birth_date, row.score, row.change_from_preop])).toEqual([
      ['K-0042', '1961-03-02', '0.00', ''],
      ['K-0042', '1961-03-02', '0.00', '0.00'],
    ]);
    // The search words stay out of the name: they may be a patient's name.
    const today = todayUtc();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="outcome-scores-pilot-active-group-knee-recovery-search-${today}.csv"`,
    );
    const everyone = await exportCsv('type=Internal');
    expect(everyone.headers['content-disposition']).toBe(
      `attachment; filename="outcome-scores-internal-${today}.csv"`,
    );
    const ranged = await exportCsv(
      'type=Internal&programme=KNEE&surgery_from=2025-01-01&surgery_to=2025-03-31&mine=true&not_reviewed_days=14',
    );
    expect(ranged.headers['content-disposition']).toBe(
      `attachment; filename="outcome-scores-internal-mine-knee-surgery-from-2025-01-01-to-2025-03-31-not-reviewed-14-days-${today}.csv"`,
    );
  });

  it('is for clinicians only', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await exportCsv('type=Internal', admin.access_token), 403, 'FORBIDDEN');
    failure(await exportCsv('type=Internal', null), 401, 'UNAUTHENTICATED');
  });
});

describe('cohort outcome export round trips', () => {
  /** The export's statements, once warmed (one-time work does not count), and its answer. */
  async function exportedWith(query: string) {
    let response = await exportCsv(query);
    const sent = await statementsOf(testApp, async () => {
      response = await exportCsv(query);
    });
    vi.restoreAllMocks();
    return { sent, response };
  }

  it('sends the session check, then one statement that writes the audit row and reads the participants with their surgeries and schedules', async () => {
    const { recent, earlier } = await seedCohort();
    const { sent, response } = await exportedWith('type=Internal&programme=KNEE');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(OUTCOME_EXPORT_HEADER);
    expect(rows.map((row) => [row[0], row[7], row[8], row[9], row[10], row[14]])).toEqual([
      [String(recent.id), 'KNEE', day(daysAgo(100)), 'TOTAL_KNEE_REPLACEMENT', 'LEFT', 'PRE_OP'],
      [String(recent.id), 'KNEE', day(daysAgo(100)), 'TOTAL_KNEE_REPLACEMENT', 'LEFT', 'WEEK_6'],
      [String(earlier.id), 'KNEE', day(daysAgo(400)), 'TOTAL_KNEE_REPLACEMENT', 'LEFT', 'PRE_OP'],
      [String(earlier.id), 'KNEE', day(daysAgo(400)), 'TOTAL_KNEE_REPLACEMENT', 'LEFT', 'MONTH_3'],
      [String(earlier.id), 'KNEE', day(daysAgo(400)), 'TOTAL_KNEE_REPLACEMENT', 'LEFT', 'MONTH_6'],
    ]);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.participantsOutcomesExport,
        subjectType: 'participant_list',
        subjectId: null,
        details: { filters: { type: 'Internal', programme: 'KNEE' } },
      },
    ]);
  });

  it('each further batch of participants is one statement, none skipped or repeated', async () => {
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    const cohort = await testApp.db
      .insert(users)
      .values(
        Array.from({ length: COHORT_BATCH_SIZE + 1 }, (_, index) => ({
          role: 'PARTICIPANT' as const,
          status: 'ACTIVATED' as const,
          email: `batch-${index}@cohort.test`,
          firstName: 'Batch',
          lastName: String(index),
          participantType: 'Pilot' as const,
        })),
      )
      .returning({ id: users.id });
    for (const { id } of cohort) {
      await createSurveyResponse(testApp.db, id, koos.id, {
        timepoint: 'PRE_OP',
        targetDate: day(daysAgo(10)),
        submittedAt: daysAgo(10),
        answers: koosAnswers(16),
      });
    }
    const { sent, response } = await exportedWith('type=Pilot');
    expect(sent).toHaveLength(3);
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows.map((row) => Number(row[0]))).toEqual(
      cohort.map(({ id }) => id).sort((a, b) => a - b),
    );
  });
});
