import { beforeEach, describe, expect, it } from 'vitest';
import {
  NO_COHORT_WITHOUT_SURGERY,
  outcomeTrendsSchema,
  type OutcomeSurvey,
} from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import { loginAs, successData, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import {
  createParticipant,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { addDays, todayUtc } from '#app/core/days';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { cohortLabel, percentileOf } from './cohort-reference';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let koosId: number;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  koosId = (await createSurvey(testApp.db, { title: KOOS_JR.title, questions: KOOS_JR.questions }))
    .id;
});

/** KOOS JR answers (option indexes) whose raw sum is `raw`. */
const koosAnswers = (raw: number) =>
  Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));

/** A participant operated on over a year ago, with KOOS JR raw sums at some timepoints. */
async function kneePatient(
  raws: Partial<Record<SurveyTimepoint, number>>,
  options: { procedure?: SurgeryProcedure | null; generated?: boolean } = {},
) {
  const participant = await createParticipant(testApp.db);
  const surgeryDate = addDays(todayUtc(), -400);
  const procedure = options.procedure === undefined ? 'TOTAL_KNEE_REPLACEMENT' : options.procedure;
  if (procedure) await createSurgery(testApp.db, participant.id, { procedure, surgeryDate });
  for (const [timepoint, raw] of Object.entries(raws)) {
    await createSurveyResponse(testApp.db, participant.id, koosId, {
      timepoint: timepoint as SurveyTimepoint,
      targetDate: surgeryDate,
      submittedAt: new Date(`${surgeryDate}T09:00:00Z`),
      answers: koosAnswers(raw),
      generated: options.generated ?? false,
    });
  }
  return participant;
}

async function koosOf(userId: number): Promise<OutcomeSurvey> {
  const response = await callApi(
    testApp,
    'GET',
    `${API_PATHS.surgery.outcomeTrends}?user_id=${userId}`,
    clinician.access_token,
  );
  const survey = successData(response, outcomeTrendsSchema).surveys.find(
    (candidate) => candidate.measure === 'KOOS_JR',
  );
  if (!survey) throw new Error('no KOOS JR scores');
  return survey;
}

describe("the clinic's band on a participant's chart", () => {
  it('gives the median and middle half of comparable patients, without the participant, and their percentile', async () => {
    // PreOp raw sums 10..20: KOOS JR 61.583 … 36.931; 6 Weeks for nine of them only.
    for (let raw = 10; raw <= 20; raw += 1) {
      await kneePatient(raw <= 18 ? { PRE_OP: raw, WEEK_6: raw - 8 } : { PRE_OP: raw });
    }
    // Not comparable: a hip replacement, and a knee replaced before a later hip operation.
    await kneePatient({ PRE_OP: 0 }, { procedure: 'TOTAL_HIP_REPLACEMENT' });
    const later = await kneePatient({ PRE_OP: 0 });
    await createSurgery(testApp.db, later.id, {
      procedure: 'TOTAL_HIP_REPLACEMENT',
      surgeryDate: addDays(todayUtc(), -10),
    });
    const subject = await kneePatient({ PRE_OP: 14, WEEK_6: 2 });

    const koos = await koosOf(subject.id);
    const [preOp, week6, month3] = koos.cohort?.points ?? [];
    // Eleven others: the subject's own scores are not among them.
    expect(preOp).toMatchObject({ timepoint: 'PRE_OP', n: 11 });
    expect(preOp?.median).toBeCloseTo(50.012, 3);
    expect(preOp?.p25).toBeCloseTo(43.593, 3);
    expect(preOp?.p75).toBeCloseTo(55.99, 3);
    // 52.465 is above six of the eleven and ties one: (6 + 0.5) / 11.
    expect(preOp?.percentile).toBe(59);
    // Nine at 6 Weeks: too few for a band or a percentile.
    expect(week6).toEqual({
      timepoint: 'WEEK_6',
      n: 9,
      p25: null,
      median: null,
      p75: null,
      percentile: null,
    });
    expect(month3).toMatchObject({ n: 0, median: null });
    expect(koos.cohort).toMatchObject({
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      n: 11,
      demo: false,
      label: 'This clinic, total knee replacement: median and middle half, n = 11',
    });
    expect(koos.cohort_note).toBeNull();
  });

  it('says the cohort is demo data when the demo generator wrote any of its scores', async () => {
    await kneePatient({ PRE_OP: 12 }, { generated: true });
    const subject = await kneePatient({ PRE_OP: 14 });
    const koos = await koosOf(subject.id);
    expect(koos.cohort).toMatchObject({ n: 1, demo: true });
    expect(koos.cohort?.label).toBe(
      'This clinic, total knee replacement: median and middle half, n = 1 (demo data)',
    );
  });

  it('has no band without a recorded surgery, and says why', async () => {
    await kneePatient({ PRE_OP: 12 });
    const subject = await kneePatient({ PRE_OP: 14 }, { procedure: null });
    const koos = await koosOf(subject.id);
    expect(koos.cohort).toBeNull();
    expect(koos.cohort_note).toBe(NO_COHORT_WITHOUT_SURGERY);
  });
});

describe('percentile and label', () => {
  it('counts worse scores in the better direction, ties half', () => {
    expect(percentileOf({ n: 10, below: 3, equal: 2 }, true)).toBe(40);
    // Lower is better: the five above are worse.
    expect(percentileOf({ n: 10, below: 3, equal: 2 }, false)).toBe(60);
  });

  it('names the procedure and the count', () => {
    expect(cohortLabel('TOTAL_HIP_REPLACEMENT', 84, false)).toBe(
      'This clinic, total hip replacement: median and middle half, n = 84',
    );
  });
});
