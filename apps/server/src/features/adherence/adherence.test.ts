import { beforeEach, describe, expect, it } from 'vitest';
import { adherenceListSchema } from '@recovery-portal/contract/adherence';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createParticipant,
  createStaff,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { PROMIS_GLOBAL_HEALTH } from '#app/core/surveys/instruments/promis-global-health';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const getAdherence = (query: string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.surgery.adherence}?${query}`, token);

describe('survey schedule (adherence)', () => {
  it('each survey has exactly five entries in schedule order, with scores, NA and submissions', async () => {
    const participant = await createParticipant(testApp.db);
    const promis = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    // Inserted out of order on purpose.
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_12',
      targetDate: '2026-01-05',
    });
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'WEEK_6',
      targetDate: '2025-02-16',
      notApplicable: true,
    });
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: '2024-12-29',
      submittedAt: new Date('2024-12-30T10:15:00Z'),
      answers: [1, 1, 1, 1, 1, 1, 2],
      score: 71,
    });
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_3',
      targetDate: '2025-04-06',
    });
    await createSurveyResponse(testApp.db, participant.id, promis.id, {
      timepoint: 'MONTH_6',
      targetDate: '2025-07-06',
      submittedAt: new Date('2025-07-07T08:00:00Z'),
      // Worst answer everywhere, pain 10: the lowest GPH and GMH T-scores.
      answers: [4, 4, 4, 4, 4, 4, 4, 4, 4, 10],
      score: 0,
    });

    const items = successData(await getAdherence(`user_id=${participant.id}`), adherenceListSchema);
    expect(items.map((item) => item.title)).toEqual([
      'KOOS JR Knee Survey',
      'PROMIS Global Health v1.2',
    ]);
    const [knee, global] = items;
    expect(knee).toEqual({
      survey_id: koos.id,
      title: 'KOOS JR Knee Survey',
      description: 'How the participant is doing.',
      start_date: '2024-12-29',
      end_date: '2026-01-05',
      entries: [
        {
          timepoint: 'PRE_OP',
          label: 'PreOp',
          score: 65.994,
          score_text: 'KOOS JR 65.99',
          target_date: '2024-12-29',
          submitted_on: '2024-12-30T10:15:00.000Z',
        },
        {
          timepoint: 'WEEK_6',
          label: '6 Weeks',
          score: 'NA',
          score_text: null,
          target_date: '2025-02-16',
          submitted_on: null,
        },
        {
          timepoint: 'MONTH_3',
          label: '3 Months',
          score: null,
          score_text: null,
          target_date: '2025-04-06',
          submitted_on: null,
        },
        {
          timepoint: 'MONTH_6',
          label: '6 Months',
          score: null,
          score_text: null,
          target_date: null,
          submitted_on: null,
        },
        {
          timepoint: 'MONTH_12',
          label: '12 Months',
          score: null,
          score_text: null,
          target_date: '2026-01-05',
          submitted_on: null,
        },
      ],
    });
    expect(global?.entries.map((entry) => entry.timepoint)).toEqual([...SURVEY_TIMEPOINTS]);
    // Both summary scores of PROMIS Global Health, derived from the answers.
    expect(global?.entries[3]).toMatchObject({
      score: 16.2,
      score_text: 'Global Physical Health T-score 16.2 · Global Mental Health T-score 21.2',
      submitted_on: '2025-07-07T08:00:00.000Z',
    });
    expect(global).toMatchObject({ start_date: '2025-07-06', end_date: '2025-07-06' });
  });

  it('surgery_id is optional; a participant without surveys gets an empty list', async () => {
    const participant = await createParticipant(testApp.db);
    expect(
      successData(await getAdherence(`user_id=${participant.id}`), adherenceListSchema),
    ).toEqual([]);
  });

  it('a resubmitted timepoint shows the submitted row', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: new Date('2025-01-02T00:00:00Z'),
      answers: [0, 0, 0, 0, 0, 0, 1],
    });
    await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-08',
    });
    const [item] = successData(
      await getAdherence(`user_id=${participant.id}`),
      adherenceListSchema,
    );
    expect(item?.entries[0]).toMatchObject({ score: 91.975, target_date: '2025-01-01' });
  });

  it('bad ids are 400, unknown and staff ids 404, other roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    failure(await getAdherence(''), 400, 'VALIDATION_ERROR');
    failure(await getAdherence('user_id=abc'), 400, 'VALIDATION_ERROR');
    const envelope = failure(
      await getAdherence(`user_id=${participant.id}&surgery_id=x`),
      400,
      'VALIDATION_ERROR',
    );
    expect(envelope._error).toContain('surgery_id');
    const staff = await createStaff(testApp.db);
    failure(await getAdherence('user_id=987654'), 404, 'NOT_FOUND');
    failure(await getAdherence(`user_id=${staff.id}`), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getAdherence(`user_id=${participant.id}`, admin.access_token), 403, 'FORBIDDEN');
    failure(await getAdherence(`user_id=${participant.id}`, null), 401, 'UNAUTHENTICATED');
  });
});
