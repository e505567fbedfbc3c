import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  surveyResponseListSchema,
  surveyStatusOn,
} from '@recovery-portal/contract/survey-responses';
import {
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
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';
import { addDays, todayUtc } from '#app/core/days';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { NOT_AN_INSTRUMENT } from '#app/core/surveys/survey-scores';
import { surveyContent } from '#app/core/surveys/survey-responses';

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

const today = todayUtc();
const getSurveys = (userId: number | string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.nudge.surveyResponses}?user_id=${userId}`, token);

describe('survey status', () => {
  const base = { submitted_at: null, not_applicable: false };
  it('submitted wins; then not applicable; then overdue before today, pending from today', () => {
    const day = '2025-03-14';
    expect(
      surveyStatusOn(
        { ...base, submitted_at: '2025-03-01T10:00:00Z', target_date: '2025-03-01' },
        day,
      ),
    ).toBe('SUBMITTED');
    expect(surveyStatusOn({ ...base, not_applicable: true, target_date: '2025-03-01' }, day)).toBe(
      'NOT_APPLICABLE',
    );
    expect(surveyStatusOn({ ...base, target_date: '2025-03-13' }, day)).toBe('OVERDUE');
    expect(surveyStatusOn({ ...base, target_date: '2025-03-14' }, day)).toBe('PENDING');
    expect(surveyStatusOn({ ...base, target_date: '2025-03-15' }, day)).toBe('PENDING');
  });

  it('answers outside the options or missing are shown as no choice', () => {
    const questions = [
      { question: 'A?', options: ['x', 'y'] },
      { question: 'B?', options: ['x', 'y'] },
      { question: 'C?', options: ['x', 'y'] },
      { question: 'D?', options: ['x', 'y'] },
    ];
    expect(surveyContent(questions, [1, 2, -1]).map((q) => q.selected_option)).toEqual([
      1,
      null,
      null,
      null,
    ]);
    expect(surveyContent(questions, null).every((q) => q.selected_option === null)).toBe(true);
    expect(surveyContent('garbage', [0])).toEqual([]);
  });
});

describe('surveys on the profile', () => {
  it('a clinician sees every scheduled survey, newest target first, with status, score and answers', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      description: 'Knee questions',
      questions: KOOS_JR.questions,
    });
    const submittedAt = new Date(`${addDays(today, -40)}T09:30:00Z`);
    const submitted = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: addDays(today, -42),
      submittedAt,
      answers: [1, 1, 1, 1, 1, 1, 2],
      // A score stored by the earlier linear formula: the API derives it from the answers.
      score: 71,
    });
    const overdue = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'WEEK_6',
      targetDate: addDays(today, -1),
    });
    const dueToday = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_3',
      targetDate: today,
    });
    const notApplicable = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_6',
      targetDate: addDays(today, -20),
      notApplicable: true,
    });
    const future = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_12',
      targetDate: addDays(today, 200),
    });
    await createSurveyResponse(testApp.db, other.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: today,
    });

    const list = successData(await getSurveys(participant.id), surveyResponseListSchema);
    expect(list.map((s) => [s.id, s.survey_status])).toEqual([
      [future.id, 'PENDING'],
      [dueToday.id, 'PENDING'],
      [overdue.id, 'OVERDUE'],
      [notApplicable.id, 'NOT_APPLICABLE'],
      [submitted.id, 'SUBMITTED'],
    ]);
    expect(list.at(-1)).toEqual({
      id: submitted.id,
      survey_id: koos.id,
      title: 'KOOS JR Knee Survey',
      description: 'Knee questions',
      timepoint: 'PRE_OP',
      timepoint_label: 'PreOp',
      target_date: addDays(today, -42),
      submitted_at: submittedAt.toISOString(),
      survey_status: 'SUBMITTED',
      score: 65.994,
      scores: [
        {
          measure: 'KOOS_JR',
          label: 'KOOS JR',
          value: 65.994,
          display: 'KOOS JR 65.99 (0–100, 100 = best)',
          not_scorable_reason: null,
        },
      ],
      scoring_note: null,
      content: KOOS_JR.questions.map((q, i) => ({ ...q, selected_option: i === 6 ? 2 : 1 })),
    });
    expect(list[0]?.content.every((q) => q.selected_option === null)).toBe(true);
    expect(list[0]?.score).toBeNull();
    expect(list[0]?.scores).toEqual([]);
  });

  it('an incomplete response and an earlier in-house form are shown as not scorable, with why', async () => {
    const participant = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      description: 'Knee questions',
      questions: KOOS_JR.questions,
    });
    const oldForm = await createSurvey(testApp.db, {
      title: 'PROMIS Global Health',
      description: 'The earlier seven-question form',
      questions: [{ question: 'Health?', options: ['Good', 'Poor'] }],
    });
    const submittedAt = new Date(`${addDays(today, -3)}T09:30:00Z`);
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: addDays(today, -5),
      submittedAt,
      answers: [1, 1, null, 1, 9, 1, 2],
      score: 60,
    });
    await createSurveyResponse(testApp.db, participant.id, oldForm.id, {
      timepoint: 'PRE_OP',
      targetDate: addDays(today, -4),
      submittedAt,
      answers: [0],
      score: 35,
    });
    const [old, incomplete] = successData(
      await getSurveys(participant.id),
      surveyResponseListSchema,
    );
    expect(incomplete).toMatchObject({
      score: null,
      scores: [
        {
          measure: 'KOOS_JR',
          value: null,
          display: 'KOOS JR not scorable',
          not_scorable_reason: '2 items are unanswered.',
        },
      ],
      scoring_note: null,
    });
    expect(old).toMatchObject({ score: null, scores: [], scoring_note: NOT_AN_INSTRUMENT });
  });

  it('a participant without surveys gets an empty list', async () => {
    const participant = await createParticipant(testApp.db);
    expect(successData(await getSurveys(participant.id), surveyResponseListSchema)).toEqual([]);
  });

  it('bad, unknown and staff ids and wrong roles are refused', async () => {
    failure(await getSurveys('x1'), 400, 'VALIDATION_ERROR');
    failure(
      await callApi(testApp, 'GET', API_PATHS.nudge.surveyResponses, clinician.access_token),
      400,
      'VALIDATION_ERROR',
    );
    const staff = await createStaff(testApp.db);
    failure(await getSurveys(987_654), 404, 'NOT_FOUND');
    failure(await getSurveys(staff.id), 404, 'NOT_FOUND');
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getSurveys(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await getSurveys(participant.id, null), 401, 'UNAUTHENTICATED');
  });
});
