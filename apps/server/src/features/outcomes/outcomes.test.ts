import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OUTCOME_SURVEY_TITLES,
  outcomeTrendsSchema,
  type OutcomeTrends,
} from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import {
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '../../test/build-test-app';
import {
  createParticipant,
  createStaff,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '../../test/factories';
import { addParticipant, callApi, seedGroups } from '../participants/participants.fixtures';

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

const getTrends = (query: string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.surgery.outcomeTrends}?${query}`, token);

async function trendsOf(userId: number): Promise<OutcomeTrends> {
  return successData(await getTrends(`user_id=${userId}`), outcomeTrendsSchema);
}

const submitted = (day: string) => new Date(`${day}T09:00:00Z`);

describe('outcome trends', () => {
  it('clinician sees a knee patient’s scores against the knee curve, with deviations marked', async () => {
    const participant = await createParticipant(testApp.db);
    await createSurgery(testApp.db, participant.id, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      surgeryDate: '2025-03-10',
    });
    const koos = await createSurvey(testApp.db, { title: OUTCOME_SURVEY_TITLES.koosJr });
    const pain = await createSurvey(testApp.db, { title: OUTCOME_SURVEY_TITLES.painInterference });
    const koosAt = [
      // Expected 40 ± 17.5: inside the band.
      ['PRE_OP', '2025-03-03', 45],
      // Expected 54.9 ± 17.5 → 37.4 … 72.4: 30 is below, and for KOOS lower is worse.
      ['WEEK_6', '2025-04-21', 30],
      // Expected 67.3 ± 17 → 50.3 … 84.3: 90 is above, so better.
      ['MONTH_3', '2025-06-09', 90],
    ] as const;
    for (const [timepoint, day, score] of koosAt) {
      await createSurveyResponse(testApp.db, participant.id, koos.id, {
        timepoint,
        targetDate: day,
        submittedAt: submitted(day),
        score,
      });
    }
    // Scheduled but never answered, and not applicable: neither has a score.
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_6',
      targetDate: '2025-09-08',
    });
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_12',
      targetDate: '2026-03-10',
      notApplicable: true,
    });
    // Pain Interference: higher is worse, so a score above the band is worse than expected.
    await createSurveyResponse(testApp.db, participant.id, pain.id, {
      timepoint: 'WEEK_6',
      targetDate: '2025-04-21',
      submittedAt: submitted('2025-04-22'),
      score: 24,
    });
    await createSurveyResponse(testApp.db, participant.id, pain.id, {
      timepoint: 'MONTH_3',
      targetDate: '2025-06-09',
      submittedAt: submitted('2025-06-10'),
      score: 6,
    });

    const trends = await trendsOf(participant.id);
    expect(trends).toMatchObject({
      programme: 'KNEE',
      programme_source: 'SURGERY',
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    expect(trends.surveys.map((survey) => survey.title)).toEqual([
      OUTCOME_SURVEY_TITLES.koosJr,
      OUTCOME_SURVEY_TITLES.painInterference,
    ]);
    const [knee, interference] = trends.surveys;
    expect(knee?.scale).toEqual({ min: 0, max: 100, higher_is_better: true });
    expect(knee?.points.map((point) => point.timepoint)).toEqual([...SURVEY_TIMEPOINTS]);
    expect(knee?.points[0]).toEqual({
      timepoint: 'PRE_OP',
      label: 'PreOp',
      score: 45,
      submitted_on: '2025-03-03T09:00:00.000Z',
      expected: 40,
      lower: 22.5,
      upper: 57.5,
      deviation: 5,
      status: 'WITHIN',
    });
    expect(knee?.points[1]).toMatchObject({
      score: 30,
      expected: 54.9,
      lower: 37.4,
      upper: 72.4,
      deviation: -24.9,
      status: 'WORSE',
    });
    expect(knee?.points[2]).toMatchObject({ score: 90, deviation: 22.7, status: 'BETTER' });
    // No score: the curve is still there to draw, but there is nothing to compare.
    for (const point of knee?.points.slice(3) ?? []) {
      expect(point).toMatchObject({ score: null, deviation: null, status: null });
      expect(point.expected).not.toBeNull();
    }
    expect(interference?.scale).toEqual({ min: 6, max: 30, higher_is_better: false });
    expect(interference?.points[0]).toMatchObject({ score: null, expected: 20.3, status: null });
    expect(interference?.points[1]).toMatchObject({
      score: 24,
      expected: 16.8,
      upper: 21.3,
      deviation: 7.2,
      status: 'WORSE',
    });
    // 6 is the best Pain Interference score, below the band: better than expected.
    expect(interference?.points[2]).toMatchObject({ score: 6, lower: 9.7, status: 'BETTER' });
  });

  it('a score on the edge of the band is within it, and the band stops at the scale', async () => {
    const participant = await createParticipant(testApp.db);
    const promis = await createSurvey(testApp.db, {
      title: OUTCOME_SURVEY_TITLES.promisGlobalHealth,
    });
    // PreOp 18.3 ± 5 → 13.3 … 23.3.
    await createSurveyResponse(testApp.db, participant.id, promis.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-01'),
      score: 23.3,
    });
    const [survey] = (await trendsOf(participant.id)).surveys;
    expect(survey?.points[0]).toMatchObject({ upper: 23.3, deviation: 5, status: 'WITHIN' });
    // 12 Months 29.4 ± 4 → 25.4 … 33.4, inside PROMIS's 7–35.
    expect(survey?.points[4]).toMatchObject({ lower: 25.4, upper: 33.4 });
  });

  it('the programme comes from the latest surgery, else the group, else the whole programme', async () => {
    await seedGroups(testApp.db, ['Hip Recovery', 'CZ']);
    const hipGroup = await addParticipant(testApp.db, { group: 'Hip Recovery' });
    const koos = await createSurvey(testApp.db, { title: OUTCOME_SURVEY_TITLES.koosJr });
    await createSurveyResponse(testApp.db, hipGroup.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-01'),
      score: 50,
    });
    const byGroup = await trendsOf(hipGroup.id);
    expect(byGroup).toMatchObject({ programme: 'HIP', programme_source: 'GROUP', procedure: null });
    // The hip programme has no KOOS JR curve: the score is shown without a comparison.
    expect(byGroup.surveys[0]).toMatchObject({ scale: null });
    expect(byGroup.surveys[0]?.points[0]).toMatchObject({
      score: 50,
      expected: null,
      lower: null,
      upper: null,
      deviation: null,
      status: null,
    });

    const internal = await addParticipant(testApp.db, { group: 'CZ' });
    expect(await trendsOf(internal.id)).toMatchObject({
      programme: 'GENERAL',
      programme_source: 'DEFAULT',
      surveys: [],
    });

    // A recorded surgery beats the group; the latest surgery date wins.
    await createSurgery(testApp.db, hipGroup.id, {
      procedure: 'CORONARY_ARTERY_BYPASS_GRAFT',
      surgeryDate: '2024-01-01',
    });
    await createSurgery(testApp.db, hipGroup.id, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      surgeryDate: '2025-01-08',
    });
    expect(await trendsOf(hipGroup.id)).toMatchObject({
      programme: 'KNEE',
      programme_source: 'SURGERY',
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });

    // A procedure without outcome data gives no curve rather than a wrong one.
    await createSurgery(testApp.db, hipGroup.id, {
      procedure: 'ROTATOR_CUFF_REPAIR',
      surgeryDate: '2025-06-01',
    });
    const shoulder = await trendsOf(hipGroup.id);
    expect(shoulder).toMatchObject({
      programme: null,
      programme_source: 'SURGERY',
      procedure: 'ROTATOR_CUFF_REPAIR',
    });
    expect(shoulder.surveys[0]?.points[0]).toMatchObject({ score: 50, expected: null });
  });

  it('a participant without surveys gets no surveys, and a clinic’s own questionnaire no curve', async () => {
    const participant = await createParticipant(testApp.db);
    expect((await trendsOf(participant.id)).surveys).toEqual([]);
    const custom = await createSurvey(testApp.db, { title: 'Clinic satisfaction' });
    await createSurveyResponse(testApp.db, participant.id, custom.id, {
      timepoint: 'WEEK_6',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-02'),
      score: 3,
    });
    const [survey] = (await trendsOf(participant.id)).surveys;
    expect(survey).toMatchObject({ title: 'Clinic satisfaction', scale: null });
    expect(survey?.points[1]).toMatchObject({ score: 3, expected: null, status: null });
  });

  it('refuses bad ids with a sentence, unknown and staff ids are 404, other roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    for (const query of [
      '',
      'user_id=abc',
      'user_id=-1',
      'user_id=1.5',
      `user_id=${'9'.repeat(40)}`,
      "user_id=1'%20or%201=1",
    ]) {
      const envelope = failure(await getTrends(query), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(/user_id|participant/i);
    }
    const staff = await createStaff(testApp.db);
    expect(failure(await getTrends('user_id=987654'), 404, 'NOT_FOUND')._error).toBe(
      'There is no participant with id 987654.',
    );
    failure(await getTrends(`user_id=${staff.id}`), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getTrends(`user_id=${participant.id}`, admin.access_token), 403, 'FORBIDDEN');
    failure(await getTrends(`user_id=${participant.id}`, null), 401, 'UNAUTHENTICATED');
  });
});
