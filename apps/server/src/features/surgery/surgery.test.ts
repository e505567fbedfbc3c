import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adherenceListSchema } from '@recovery-portal/contract/adherence';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  latestSurgeryDate,
  surgeryListSchema,
  surgeryMutationSchema,
} from '@recovery-portal/contract/surgery';
import { imagingFiles } from '#app/db/schema/imaging';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import {
  createParticipant,
  createStaff,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';

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
});

const knee = {
  procedure: 'TOTAL_KNEE_REPLACEMENT',
  side: 'LEFT',
  surgery_date: '2025-03-10',
  surgeon: 'Dr Meredith Grey',
  hospital: 'Riverside Orthopaedic Centre',
  notes: 'Cemented implant; no complications.',
};

const addSurgery = (body: Record<string, unknown>, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', API_PATHS.surgery.surgery, token, body);

const updateSurgery = (
  body: Record<string, unknown>,
  token: string | null = clinician.access_token,
) =>
  testApp.app.inject({
    method: 'PUT',
    url: API_PATHS.surgery.surgery,
    headers: token ? authHeaders(token) : { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    payload: body,
  });

const listSurgeries = (userId: number | string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.surgery.list}?user_id=${userId}`, token);

async function schedule(userId: number) {
  return testApp.db
    .select({
      title: surveys.title,
      timepoint: surveyResponses.timepoint,
      targetDate: surveyResponses.targetDate,
    })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.userId, userId))
    .orderBy(asc(surveys.title), asc(surveyResponses.targetDate));
}

describe('surgeries', () => {
  it('clinician adds a surgery; the survey schedule is dated from it', async () => {
    const participant = await createParticipant(testApp.db);
    const result = successData(
      await addSurgery({ user_id: participant.id, ...knee }),
      surgeryMutationSchema,
    );
    expect(result).toMatchObject({
      message: 'Surgery added.',
      surveys_scheduled: 15,
      surveys_rescheduled: 0,
      surgery: { user_id: participant.id, ...knee, image_count: 0 },
    });
    // No questionnaires existed: the programme's four were created; three fit a knee.
    const rows = await schedule(participant.id);
    expect(new Set(rows.map((r) => r.title))).toEqual(
      new Set(['KOOS JR Knee Survey', 'PROMIS Global Health v1.2', 'PROMIS Pain Interference 4a']),
    );
    expect(rows.filter((r) => r.title === 'KOOS JR Knee Survey')).toEqual([
      { title: 'KOOS JR Knee Survey', timepoint: 'PRE_OP', targetDate: '2025-03-03' },
      { title: 'KOOS JR Knee Survey', timepoint: 'WEEK_6', targetDate: '2025-04-21' },
      { title: 'KOOS JR Knee Survey', timepoint: 'MONTH_3', targetDate: '2025-06-09' },
      { title: 'KOOS JR Knee Survey', timepoint: 'MONTH_6', targetDate: '2025-09-08' },
      { title: 'KOOS JR Knee Survey', timepoint: 'MONTH_12', targetDate: '2026-03-10' },
    ]);
  });

  it('a hip surgery is not asked the knee questionnaire nor a retired form; clinic questionnaires are asked of everyone', async () => {
    const participant = await createParticipant(testApp.db);
    await createSurvey(testApp.db, { title: 'KOOS JR Knee Survey' });
    await createSurvey(testApp.db, { title: 'PROMIS Global Health' });
    await createSurvey(testApp.db, { title: 'Clinic wellbeing check' });
    const result = successData(
      await addSurgery({
        user_id: participant.id,
        ...knee,
        procedure: 'TOTAL_HIP_REPLACEMENT',
        side: 'RIGHT',
      }),
      surgeryMutationSchema,
    );
    expect(result.surveys_scheduled).toBe(5);
    expect(new Set((await schedule(participant.id)).map((r) => r.title))).toEqual(
      new Set(['Clinic wellbeing check']),
    );
  });

  it('an existing survey schedule is kept when another surgery is added', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db);
    await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'PRE_OP',
      targetDate: '2024-01-01',
    });
    const result = successData(
      await addSurgery({ user_id: participant.id, ...knee, notes: '' }),
      surgeryMutationSchema,
    );
    expect(result.surveys_scheduled).toBe(0);
    expect(result.surgery.notes).toBeNull();
    expect(await schedule(participant.id)).toHaveLength(1);
  });

  it('moving the surgery date moves the unsubmitted timepoints dated from it, not the submitted ones', async () => {
    const participant = await createParticipant(testApp.db);
    const added = successData(
      await addSurgery({ user_id: participant.id, ...knee }),
      surgeryMutationSchema,
    );
    // The PreOp KOOS JR was answered against the old date.
    const [koosPreOp] = await testApp.db
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
      .where(
        and(eq(surveys.title, 'KOOS JR Knee Survey'), eq(surveyResponses.timepoint, 'PRE_OP')),
      );
    await testApp.db
      .update(surveyResponses)
      .set({ submittedAt: new Date('2025-03-04T10:00:00Z'), score: 60 })
      .where(eq(surveyResponses.id, koosPreOp?.id ?? 0));

    const updated = successData(
      await updateSurgery({
        id: added.surgery.id,
        user_id: participant.id,
        ...knee,
        surgery_date: '2025-03-17',
        surgeon: 'Dr Derek Shepherd',
      }),
      surgeryMutationSchema,
    );
    expect(updated).toMatchObject({
      message: 'Surgery updated.',
      surveys_scheduled: 0,
      surveys_rescheduled: 14,
      surgery: { id: added.surgery.id, surgery_date: '2025-03-17', surgeon: 'Dr Derek Shepherd' },
    });
    const rows = await schedule(participant.id);
    const preOps = rows.filter((r) => r.timepoint === 'PRE_OP').map((r) => r.targetDate);
    expect(preOps.sort()).toEqual(['2025-03-03', '2025-03-10', '2025-03-10']);
    expect(rows.filter((r) => r.timepoint === 'MONTH_12').map((r) => r.targetDate)).toEqual([
      '2026-03-17',
      '2026-03-17',
      '2026-03-17',
    ]);
  });

  it('lists the participant’s surgeries latest first, with their image counts', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const older = await createSurgery(testApp.db, participant.id, { surgeryDate: '2023-05-01' });
    const newer = await createSurgery(testApp.db, participant.id, {
      surgeryDate: '2025-01-15',
      procedure: 'ACL_RECONSTRUCTION',
      side: 'RIGHT',
    });
    await createSurgery(testApp.db, other.id);
    await testApp.db.insert(imagingFiles).values(
      ['pre-op.dcm', 'post-op.dcm'].map((originalName, i) => ({
        userId: participant.id,
        surgeryId: older.id,
        originalName,
        contentSha256: String(i).repeat(64),
        sizeBytes: 1024,
      })),
    );
    const list = successData(await listSurgeries(participant.id), surgeryListSchema);
    expect(list.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      procedure: 'ACL_RECONSTRUCTION',
      side: 'RIGHT',
      image_count: 0,
    });
    expect(list[1]?.image_count).toBe(2);
    expect(successData(await listSurgeries(other.id), surgeryListSchema)).toHaveLength(1);
  });

  it('refuses invalid surgeries with a sentence naming the problem', async () => {
    const participant = await createParticipant(testApp.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ surgeon: '  ' }, 'Surgeon is required.'],
      [{ surgeon: 'x'.repeat(121) }, 'Surgeon must be at most 120 characters.'],
      [{ hospital: undefined }, 'Hospital is required.'],
      [{ hospital: 'x'.repeat(161) }, 'Hospital must be at most 160 characters.'],
      [{ surgery_date: '2025-02-30' }, 'Surgery date must be a date written YYYY-MM-DD.'],
      [{ surgery_date: '10/03/2025' }, 'Surgery date must be a date written YYYY-MM-DD.'],
      [
        { surgery_date: '1949-12-31' },
        'Surgery date must be between 1950-01-01 and two years from today.',
      ],
      [{ notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters.'],
      [{ procedure: 'KNEE' }, 'Choose a procedure from the list.'],
      [{ side: 'UP' }, 'Side must be LEFT, RIGHT, BILATERAL or NOT_APPLICABLE.'],
      [{ user_id: 'abc' }, 'user_id must be a participant id.'],
    ];
    for (const [change, message] of cases) {
      const envelope = failure(
        await addSurgery({ user_id: participant.id, ...knee, ...change }),
        400,
        'VALIDATION_ERROR',
      );
      expect(envelope._error).toContain(message);
    }
    const tooLate = new Date(Date.parse(`${latestSurgeryDate()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    failure(
      await addSurgery({ user_id: participant.id, ...knee, surgery_date: tooLate }),
      400,
      'VALIDATION_ERROR',
    );
    successData(
      await addSurgery({ user_id: participant.id, ...knee, surgery_date: latestSurgeryDate() }),
      surgeryMutationSchema,
    );
    failure(await updateSurgery({ user_id: participant.id, ...knee }), 400, 'VALIDATION_ERROR');
  });

  it('unknown participants, staff ids and someone else’s surgery are 404', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const staff = await createStaff(testApp.db);
    const surgery = await createSurgery(testApp.db, other.id);
    failure(await addSurgery({ user_id: 987_654, ...knee }), 404, 'NOT_FOUND');
    failure(await addSurgery({ user_id: staff.id, ...knee }), 404, 'NOT_FOUND');
    failure(await listSurgeries(987_654), 404, 'NOT_FOUND');
    failure(await listSurgeries('abc'), 400, 'VALIDATION_ERROR');
    const mismatch = failure(
      await updateSurgery({ id: surgery.id, user_id: participant.id, ...knee }),
      404,
      'NOT_FOUND',
    );
    expect(mismatch._error).toBe(
      `There is no surgery ${surgery.id} for participant ${participant.id}.`,
    );
    failure(await updateSurgery({ id: 999_999, user_id: other.id, ...knee }), 404, 'NOT_FOUND');
  });

  it('adherence for a surgery counts the five target dates from that surgery', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const first = successData(
      await addSurgery({ user_id: participant.id, ...knee }),
      surgeryMutationSchema,
    );
    const second = await createSurgery(testApp.db, participant.id, { surgeryDate: '2026-01-05' });
    const othersSurgery = await createSurgery(testApp.db, other.id);
    const adherence = (query: string) =>
      callApi(testApp, 'GET', `${API_PATHS.surgery.adherence}?${query}`, clinician.access_token);

    const forFirst = successData(
      await adherence(`user_id=${participant.id}&surgery_id=${first.surgery.id}`),
      adherenceListSchema,
    );
    expect(forFirst).toHaveLength(3);
    expect(forFirst[0]?.entries.map((e) => e.target_date)).toEqual([
      '2025-03-03',
      '2025-04-21',
      '2025-06-09',
      '2025-09-08',
      '2026-03-10',
    ]);
    const forSecond = successData(
      await adherence(`user_id=${participant.id}&surgery_id=${second.id}`),
      adherenceListSchema,
    );
    expect(forSecond[0]).toMatchObject({ start_date: '2025-12-29', end_date: '2027-01-05' });
    expect(forSecond[0]?.entries.map((e) => e.target_date)).toEqual([
      '2025-12-29',
      '2026-02-16',
      '2026-04-06',
      '2026-07-06',
      '2027-01-05',
    ]);
    const mismatch = failure(
      await adherence(`user_id=${participant.id}&surgery_id=${othersSurgery.id}`),
      404,
      'NOT_FOUND',
    );
    expect(mismatch._error).toBe(
      `There is no surgery ${othersSurgery.id} for participant ${participant.id}.`,
    );
  });

  it('only clinicians may read or change surgeries', async () => {
    const participant = await createParticipant(testApp.db);
    const surgery = await createSurgery(testApp.db, participant.id);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(
      await addSurgery({ user_id: participant.id, ...knee }, admin.access_token),
      403,
      'FORBIDDEN',
    );
    failure(await addSurgery({ user_id: participant.id, ...knee }, null), 401, 'UNAUTHENTICATED');
    const update = { id: surgery.id, user_id: participant.id, ...knee };
    failure(await updateSurgery(update, admin.access_token), 403, 'FORBIDDEN');
    failure(await updateSurgery(update, null), 401, 'UNAUTHENTICATED');
    failure(await listSurgeries(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await listSurgeries(participant.id, null), 401, 'UNAUTHENTICATED');
  });
});
