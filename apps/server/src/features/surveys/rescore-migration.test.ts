import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { surveyResponses } from '#app/db/schema/surveys';
import { buildTestApp, type TestApp } from '#app/test/build-test-app';
import { createParticipant, createSurvey, createSurveyResponse } from '#app/test/factories';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';

const RESCORE_SQL = readFileSync(
  new URL('../../db/migrations/0012_rescore-survey-responses.sql', import.meta.url),
  'utf8',
);

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  await testApp.reset();
});

async function storedScore(id: number): Promise<number | null> {
  const [row] = await testApp.db
    .select({ score: surveyResponses.score })
    .from(surveyResponses)
    .where(eq(surveyResponses.id, id));
  return row?.score ?? null;
}

describe('the re-scoring migration', () => {
  it('re-scores stored KOOS JR responses with the published table and clears unpublished scores', async () => {
    const participant = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    const oldGlobal = await createSurvey(testApp.db, { title: 'PROMIS Global Health' });
    const at = { submittedAt: new Date('2025-01-02T10:00:00Z'), targetDate: '2025-01-01' };
    // Raw 8 was shown as 71 by the linear formula; the table gives 65.994.
    const raw8 = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      ...at,
      timepoint: 'PRE_OP',
      answers: [1, 1, 1, 1, 1, 1, 2],
      score: 71,
    });
    const complete = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      ...at,
      timepoint: 'WEEK_6',
      answers: [0, 0, 0, 0, 0, 0, 1],
      score: 96,
    });
    const incomplete = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      ...at,
      timepoint: 'MONTH_3',
      answers: [0, 0, null, 0, 0, 0, 1],
      score: 96,
    });
    const corrupt = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      ...at,
      timepoint: 'MONTH_6',
      answers: [0, 0, 7, 0, 0, 0, 1],
      score: 50,
    });
    const inHouse = await createSurveyResponse(testApp.db, participant.id, oldGlobal.id, {
      ...at,
      timepoint: 'PRE_OP',
      answers: [0, 1],
      score: 30,
    });

    await testApp.db.execute(sql.raw(RESCORE_SQL));

    expect(await storedScore(raw8.id)).toBeCloseTo(65.994, 3);
    expect(await storedScore(complete.id)).toBeCloseTo(91.975, 3);
    expect(await storedScore(incomplete.id)).toBeNull();
    expect(await storedScore(corrupt.id)).toBeNull();
    expect(await storedScore(inHouse.id)).toBeNull();
  });

  it('a text where an answer should be does not break it', async () => {
    const participant = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    const row = await createSurveyResponse(testApp.db, participant.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: '2025-01-01',
      submittedAt: new Date('2025-01-02T10:00:00Z'),
      score: 80,
    });
    await testApp.db.execute(
      sql`update survey_responses set answers = '["1", 1, 1, 1, 1, 1, 1]'::jsonb where id = ${row.id}`,
    );
    await testApp.db.execute(sql.raw(RESCORE_SQL));
    expect(await storedScore(row.id)).toBeNull();
  });
});
