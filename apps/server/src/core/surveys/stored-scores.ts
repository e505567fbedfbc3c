import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Measure } from '@recovery-portal/contract/instruments';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { scoreResponse } from './instruments';

/** The scorable published scores of a response by measure, as `survey_responses.scores` holds them. */
export type StoredScores = Partial<Record<Measure, number>>;

/**
 * Every published score of a submitted response that its instrument's rules allow, by measure:
 * what the database aggregates. Derived by the same modules as every read, from the answers.
 */
export function storedScoresOf(title: string, answers: unknown): StoredScores {
  const scores: StoredScores = {};
  for (const result of scoreResponse(title, answers)) {
    if (result.value !== null) scores[result.measure] = result.value;
  }
  return scores;
}

const BATCH = 2000;

/**
 * Derives `scores` for submitted responses that have none yet (answers written before scores
 * were stored), a batch at a time; returns how many were derived. Safe to run from several
 * processes at once: each writes the same values.
 */
export async function deriveMissingScores(db: Database): Promise<number> {
  let derived = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: surveyResponses.id, title: surveys.title, answers: surveyResponses.answers })
      .from(surveyResponses)
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
      .where(
        and(
          isNotNull(surveyResponses.submittedAt),
          isNull(surveyResponses.scores),
          gt(surveyResponses.id, after),
        ),
      )
      .orderBy(asc(surveyResponses.id))
      .limit(BATCH);
    const last = rows.at(-1);
    if (!last) return derived;
    const payload = JSON.stringify(
      rows.map((row) => ({ id: row.id, scores: storedScoresOf(row.title, row.answers) })),
    );
    await db.execute(
      sql`update ${surveyResponses} set scores = item.scores from jsonb_to_recordset(${payload}::jsonb) as item(id int, scores jsonb) where ${surveyResponses.id} = item.id`,
    );
    derived += rows.length;
    if (rows.length < BATCH) return derived;
    after = last.id;
  }
}
