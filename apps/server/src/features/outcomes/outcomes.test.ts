import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outcomeTrendsSchema, type OutcomeTrends } from '@recovery-portal/contract/outcomes';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
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
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { addParticipant, callApi, seedGroups } from '#app/test/participant-fixtures';
import { statementsOf } from '#app/test/statements-of';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { PROMIS_GLOBAL_HEALTH } from '#app/core/surveys/instruments/promis-global-health';
import { PROMIS_PAIN_INTERFERENCE_4A } from '#app/core/surveys/instruments/promis-pain-interference-4a';
import { createOutcomeService } from './outcomes.service';
import { auditedReadsOf } from '#app/test/audit-rows';

const testApp = useTestApp();
let clinician: LoggedInStaff;

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

/** KOOS JR answers (option indexes) whose raw sum is `raw`. */
const koosAnswers = (raw: number) =>
  Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));

async function knee() {
  return createSurvey(testApp.db, { title: KOOS_JR.title, questions: KOOS_JR.questions });
}

describe('outcome trends', () => {
  it('clinician sees a knee patient’s published scores against the MCID and PASS', async () => {
    const participant = await createParticipant(testApp.db);
    await createSurgery(testApp.db, participant.id, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      surgeryDate: '2025-03-10',
    });
    const koos = await knee();
    const pain = await createSurvey(testApp.db, {
      title: PROMIS_PAIN_INTERFERENCE_4A.title,
      questions: PROMIS_PAIN_INTERFERENCE_4A.questions,
    });
    const koosAt = [
      ['PRE_OP', '2025-03-03', 16], // 47.487
      ['WEEK_6', '2025-04-21', 12], // 57.14: too early to judge
      ['MONTH_3', '2025-06-09', 8], // 65.994: +18.507, at least the MCID of 14
      ['MONTH_6', '2025-09-08', 12], // 57.14: below the PASS of 63.7, and only +9.653
    ] as const;
    for (const [timepoint, day, raw] of koosAt) {
      await createSurveyResponse(testApp.db, participant.id, koos.id, {
        timepoint,
        targetDate: day,
        submittedAt: submitted(day),
        answers: koosAnswers(raw),
        // What the earlier linear formula stored: never read.
        score: 99,
      });
    }
    await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'MONTH_12',
      targetDate: '2026-03-10',
      notApplicable: true,
    });
    // Pain Interference: lower is better, so a fall is an improvement.
    await createSurveyResponse(testApp.db, participant.id, pain.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-03-03',
      submittedAt: submitted('2025-03-03'),
      answers: [3, 3, 3, 3],
    });
    await createSurveyResponse(testApp.db, participant.id, pain.id, {
      timepoint: 'MONTH_3',
      targetDate: '2025-06-09',
      submittedAt: submitted('2025-06-10'),
      answers: [1, 1, 1, 1],
    });

    const trends = await trendsOf(participant.id);
    expect(trends).toMatchObject({
      programme: 'KNEE',
      programme_source: 'SURGERY',
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    expect(trends.surveys.map((survey) => survey.label)).toEqual([
      'KOOS JR',
      'Pain Interference T-score',
    ]);
    const [kneeScores, interference] = trends.surveys;
    expect(kneeScores).toMatchObject({
      measure: 'KOOS_JR',
      name: 'KOOS JR interval score',
      min: 0,
      max: 100,
      higher_is_better: true,
      scale_text: '0–100, 100 = best',
      mcid: { value: 14 },
      pass: { value: 63.7 },
    });
    expect(kneeScores?.mcid?.source).toMatch(/Lyman/);
    expect(kneeScores?.pass?.source).toMatch(/Kunze/);
    expect(kneeScores?.points.map((point) => point.timepoint)).toEqual([...SURVEY_TIMEPOINTS]);
    expect(kneeScores?.points[0]).toEqual({
      timepoint: 'PRE_OP',
      label: 'PreOp',
      score: 47.487,
      submitted_on: '2025-03-03T09:00:00.000Z',
      not_scorable_reason: null,
      improvement: null,
      status: null,
    });
    expect(kneeScores?.points[1]).toMatchObject({ score: 57.14, improvement: 9.653, status: null });
    expect(kneeScores?.points[2]).toMatchObject({
      score: 65.994,
      improvement: 18.507,
      status: 'IMPROVING',
    });
    expect(kneeScores?.points[3]).toMatchObject({ score: 57.14, status: 'NOT_IMPROVING' });
    expect(kneeScores?.points[4]).toMatchObject({ score: null, status: null });

    expect(interference).toMatchObject({ higher_is_better: false, mcid: { value: 3 }, pass: null });
    expect(interference?.points[0]).toMatchObject({ score: 66.6 });
    expect(interference?.points[2]).toMatchObject({
      score: 55.6,
      improvement: 11,
      status: 'IMPROVING',
    });
  });

  it('PROMIS Global Health gives two scores; an unscorable answer says why', async () => {
    const participant = await createParticipant(testApp.db);
    const global = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    await createSurveyResponse(testApp.db, participant.id, global.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-01'),
      // The pain item is unanswered: GPH cannot be scored, GMH can.
      answers: [0, 0, 0, 0, 0, 0, 0, 0, 0, null],
    });
    const [gph, gmh] = (await trendsOf(participant.id)).surveys;
    expect(gph).toMatchObject({ label: 'Global Physical Health T-score', mcid: null, pass: null });
    expect(gph?.points[0]).toMatchObject({
      score: null,
      not_scorable_reason: '1 item is unanswered.',
    });
    expect(gmh).toMatchObject({ label: 'Global Mental Health T-score' });
    expect(gmh?.points[0]).toMatchObject({ score: 67.6, not_scorable_reason: null });
  });

  it('the programme comes from the latest surgery, else the group, else the whole programme', async () => {
    await seedGroups(testApp.db, ['Hip Recovery', 'CZ']);
    const hipGroup = await addParticipant(testApp.db, { group: 'Hip Recovery' });
    const koos = await knee();
    await createSurveyResponse(testApp.db, hipGroup.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-01'),
      answers: koosAnswers(14),
    });
    const byGroup = await trendsOf(hipGroup.id);
    expect(byGroup).toMatchObject({ programme: 'HIP', programme_source: 'GROUP', procedure: null });
    expect(byGroup.surveys[0]?.points[0]).toMatchObject({ score: 52.465 });

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

    // A procedure outside the programmes gives none.
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
    expect(shoulder.surveys[0]?.points[0]).toMatchObject({ score: 52.465 });
  });

  it('a participant without surveys gets none, and a questionnaire that is no published instrument is left out', async () => {
    const participant = await createParticipant(testApp.db);
    expect((await trendsOf(participant.id)).surveys).toEqual([]);
    const custom = await createSurvey(testApp.db, { title: 'Clinic satisfaction' });
    await createSurveyResponse(testApp.db, participant.id, custom.id, {
      timepoint: 'WEEK_6',
      targetDate: '2025-01-01',
      submittedAt: submitted('2025-01-02'),
      answers: [0, 1],
      score: 3,
    });
    expect((await trendsOf(participant.id)).surveys).toEqual([]);
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

describe('outcome trends: two round trips', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  /** A knee patient with KOOS JR scores at PreOp and 6 Weeks (raw sums), and a pain survey. */
  async function kneePatient(preOp: number, week6: number) {
    const participant = await createParticipant(testApp.db);
    await createSurgery(testApp.db, participant.id, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      surgeryDate: '2025-03-10',
    });
    for (const [timepoint, raw] of [
      ['PRE_OP', preOp],
      ['WEEK_6', week6],
    ] as const) {
      await createSurveyResponse(testApp.db, participant.id, koosId, {
        timepoint,
        targetDate: '2025-03-03',
        submittedAt: submitted('2025-03-03'),
        answers: koosAnswers(raw),
      });
    }
    return participant;
  }

  let koosId: number;
  beforeEach(async () => {
    koosId = (await knee()).id;
  });

  it("sends the session check, then one statement that reads the scores, the clinic's band and writes the audit row", async () => {
    for (let raw = 8; raw <= 20; raw += 1) await kneePatient(raw, raw - 4);
    const subject = await kneePatient(14, 6);
    // A later unsubmitted row does not replace the submitted one; the pain survey has no score.
    await createSurveyResponse(testApp.db, subject.id, koosId, {
      timepoint: 'PRE_OP',
      targetDate: '2025-03-04',
    });
    const pain = await createSurvey(testApp.db, {
      title: PROMIS_PAIN_INTERFERENCE_4A.title,
      questions: PROMIS_PAIN_INTERFERENCE_4A.questions,
    });
    await createSurveyResponse(testApp.db, subject.id, pain.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-03-03',
    });

    let response = await getTrends(`user_id=${subject.id}`);
    const sent = await statementsOf(testApp, async () => {
      response = await getTrends(`user_id=${subject.id}`);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);

    const trends = successData(response, outcomeTrendsSchema);
    // What the report reads for the participant, unaudited.
    expect(trends).toEqual(await createOutcomeService(testApp.db).trends(subject.id));
    expect(trends).toMatchObject({ programme: 'KNEE', procedure: 'TOTAL_KNEE_REPLACEMENT' });
    const [koos, interference] = trends.surveys;
    expect(koos?.cohort).toMatchObject({ n: 13, demo: false });
    // 52.465 at PreOp: above six of the thirteen others, tied with one.
    expect(koos?.cohort?.points[0]).toMatchObject({ n: 13, percentile: 50 });
    expect(koos?.cohort?.points[1]?.percentile).toEqual(expect.any(Number));
    expect(interference?.cohort?.points.every((point) => point.n === 0)).toBe(true);
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.outcomes.view',
        subjectType: 'participant',
        subjectId: subject.id,
        details: null,
      },
    ]);
  });

  it('a participant without surgery or surveys answers the default programme, audited', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await getTrends(`user_id=${participant.id}`);
    expect(successData(response, outcomeTrendsSchema)).toEqual({
      programme: 'GENERAL',
      programme_source: 'DEFAULT',
      procedure: null,
      surveys: [],
    });
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.outcomes.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: null,
      },
    ]);
  });

  it('an unknown participant and a staff id are 404s with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const response = await getTrends(`user_id=${id}`);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});
