import { readdirSync, readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outcomeScores, surveyResponses } from '#app/db/schema/surveys';
import { useTestApp } from '#app/test/build-test-app';
import { createParticipant, createSurvey, createSurveyResponse } from '#app/test/factories';
import { skipForeignKeyChecksInTransaction } from '#app/demo/demo-generator';
import { addDays, todayUtc } from '#app/core/days';
import { PROMIS_GLOBAL_HEALTH } from './instruments/promis-global-health';
import { deriveMissingScores, storedScoresOf } from './stored-scores';

const testApp = useTestApp();

const MIGRATIONS = new URL('../../db/migrations/', import.meta.url);
/** The last statement of the migration that made outcome_scores: its fill from stored scores. */
function backfillStatement(): string {
  const file = readdirSync(MIGRATIONS).find((name) => name.endsWith('_outcome-scores-table.sql'));
  if (!file) throw new Error('no outcome-scores-table migration');
  const statements = readFileSync(new URL(file, MIGRATIONS), 'utf8').split(
    '--> statement-breakpoint',
  );
  return statements.at(-1) ?? '';
}

beforeEach(async () => {
  await testApp.reset();
});

describe('stored scores', () => {
  it('hold every scorable published score of a response by measure, and none that is not', () => {
    // Every item at its best option: GPH 67.7, GMH 67.6.
    expect(storedScoresOf(PROMIS_GLOBAL_HEALTH.title, Array(10).fill(0))).toEqual({
      PROMIS_GPH: 67.7,
      PROMIS_GMH: 67.6,
    });
    // A missing mental-health item leaves only GPH; another form, or no instrument, nothing.
    const missing = [0, null, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(storedScoresOf(PROMIS_GLOBAL_HEALTH.title, missing)).toEqual({ PROMIS_GPH: 67.7 });
    expect(storedScoresOf(PROMIS_GLOBAL_HEALTH.title, [0, 0])).toEqual({});
    expect(storedScoresOf('Pain Interference', [0, 0, 0, 0, 0, 0])).toEqual({});
  });

  it('are derived at start for answers stored before scores were, once', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const day = addDays(todayUtc(), -30);
    const [answered, pending] = await testApp.db
      .insert(surveyResponses)
      .values([
        {
          userId: participant.id,
          surveyId: survey.id,
          timepoint: 'PRE_OP',
          targetDate: day,
          submittedAt: new Date(`${day}T09:00:00Z`),
          answers: Array<number>(10).fill(0),
        },
        { userId: participant.id, surveyId: survey.id, timepoint: 'WEEK_6', targetDate: day },
      ])
      .returning({ id: surveyResponses.id });
    expect(await deriveMissingScores(testApp.db)).toBe(1);
    const scoresOf = async (id: number | undefined) =>
      (
        await testApp.db
          .select({ scores: surveyResponses.scores })
          .from(surveyResponses)
          .where(eq(surveyResponses.id, id ?? 0))
      )[0]?.scores;
    expect(await scoresOf(answered?.id)).toEqual({ PROMIS_GPH: 67.7, PROMIS_GMH: 67.6 });
    // Not submitted: nothing to derive.
    expect(await scoresOf(pending?.id)).toBeNull();
    expect(await deriveMissingScores(testApp.db)).toBe(0);
    // The aggregates' table mirrors them.
    expect(await mirrored(participant.id)).toEqual([
      { measure: 'PROMIS_GMH', timepoint: 'PRE_OP', value: 67.6, responseId: answered?.id },
      { measure: 'PROMIS_GPH', timepoint: 'PRE_OP', value: 67.7, responseId: answered?.id },
    ]);
  });

  it('are mirrored for the aggregates from the latest submitted response, and an older one returns when it goes', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const day = addDays(todayUtc(), -30);
    const answer = (option: number) =>
      createSurveyResponse(testApp.db, participant.id, survey.id, {
        timepoint: 'MONTH_3',
        targetDate: day,
        submittedAt: new Date(`${day}T09:00:00Z`),
        answers: Array<number>(10).fill(option),
      });
    const older = await answer(0);
    const newer = await answer(4);
    // Option 4 everywhere: GMH raw 4 (21.2); GPH raw 6 (23.5), the 0-10 pain item at 4 recoded to 3.
    expect((await mirrored(participant.id)).map((row) => [row.value, row.responseId])).toEqual([
      [21.2, newer.id],
      [23.5, newer.id],
    ]);
    await testApp.db.delete(surveyResponses).where(eq(surveyResponses.id, newer.id));
    expect((await mirrored(participant.id)).map((row) => [row.value, row.responseId])).toEqual([
      [67.6, older.id],
      [67.7, older.id],
    ]);
  });

  it('leave the aggregates when the score they mirror is cleared or moves to another timepoint', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const day = addDays(todayUtc(), -30);
    const response = await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'MONTH_3',
      targetDate: day,
      submittedAt: new Date(`${day}T09:00:00Z`),
      answers: Array<number>(10).fill(0),
    });
    const byResponse = eq(surveyResponses.id, response.id);
    await testApp.db.update(surveyResponses).set({ timepoint: 'MONTH_6' }).where(byResponse);
    expect((await mirrored(participant.id)).map((row) => row.timepoint)).toEqual([
      'MONTH_6',
      'MONTH_6',
    ]);
    await testApp.db
      .update(surveyResponses)
      .set({ scores: { PROMIS_GPH: 50 } })
      .where(byResponse);
    expect(await mirrored(participant.id)).toEqual([
      { measure: 'PROMIS_GPH', timepoint: 'MONTH_6', value: 50, responseId: response.id },
    ]);
    await testApp.db.update(surveyResponses).set({ submittedAt: null }).where(byResponse);
    expect(await mirrored(participant.id)).toEqual([]);
  });

  it('are mirrored when the demo seed writes answers with ordinary triggers off', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const day = addDays(todayUtc(), -30);
    await testApp.db.transaction(async (tx) => {
      await skipForeignKeyChecksInTransaction(tx);
      await createSurveyResponse(tx, participant.id, survey.id, {
        timepoint: 'PRE_OP',
        targetDate: day,
        submittedAt: new Date(`${day}T09:00:00Z`),
        answers: Array<number>(10).fill(0),
        generated: true,
      });
    });
    expect((await mirrored(participant.id)).map((row) => row.value)).toEqual([67.6, 67.7]);
  });

  it('are filled by the migration from scores stored before the table was', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db, {
      title: PROMIS_GLOBAL_HEALTH.title,
      questions: PROMIS_GLOBAL_HEALTH.questions,
    });
    const day = addDays(todayUtc(), -30);
    const response = await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'PRE_OP',
      targetDate: day,
      submittedAt: new Date(`${day}T09:00:00Z`),
      answers: Array<number>(10).fill(0),
    });
    await testApp.db.delete(outcomeScores);
    await testApp.db.execute(sql.raw(backfillStatement()));
    expect((await mirrored(participant.id)).map((row) => [row.measure, row.responseId])).toEqual([
      ['PROMIS_GMH', response.id],
      ['PROMIS_GPH', response.id],
    ]);
  });
});

function mirrored(userId: number) {
  return testApp.db
    .select({
      measure: outcomeScores.measure,
      timepoint: outcomeScores.timepoint,
      value: outcomeScores.value,
      responseId: outcomeScores.responseId,
    })
    .from(outcomeScores)
    .where(eq(outcomeScores.userId, userId))
    .orderBy(asc(outcomeScores.measure));
}
