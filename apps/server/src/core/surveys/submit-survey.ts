import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SurveyQuestion, SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { scoreResponse } from './instruments';
import { storedScoresOf } from './stored-scores';

/** A questionnaire of the programme as stored: its items and their options. */
export async function findSurvey(
  db: Database,
  surveyId: number,
): Promise<{ id: number; title: string; questions: SurveyQuestion[] } | null> {
  const [row] = await db
    .select({ id: surveys.id, title: surveys.title, questions: surveys.questions })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .limit(1);
  return row ?? null;
}

/**
 * The participant's open slot of a questionnaire (scheduled, neither submitted nor marked not
 * applicable) whose target date is nearest to `at`, the earlier of two as near; null when none.
 */
export async function findOpenSurveySlot(
  db: Database,
  userId: number,
  surveyId: number,
  at: Date,
): Promise<{ id: number; timepoint: SurveyTimepoint; targetDate: string } | null> {
  const day = at.toISOString().slice(0, 10);
  const [row] = await db
    .select({
      id: surveyResponses.id,
      timepoint: surveyResponses.timepoint,
      targetDate: surveyResponses.targetDate,
    })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.userId, userId),
        eq(surveyResponses.surveyId, surveyId),
        isNull(surveyResponses.submittedAt),
        eq(surveyResponses.notApplicable, false),
      ),
    )
    .orderBy(
      sql`abs(${surveyResponses.targetDate} - ${day}::date)`,
      asc(surveyResponses.targetDate),
      asc(surveyResponses.id),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Fills a scheduled slot with the participant's answers (the record), and keeps the
 * instrument's first published score and every scorable one by measure beside them, derived by
 * the instrument modules as every read derives them. `generated` marks the demo generator's
 * answers. False when the slot was filled meanwhile.
 */
export async function submitSurveyResponse(
  db: Database,
  submission: {
    slotId: number;
    title: string;
    answers: readonly (number | null)[];
    submittedAt: Date;
    storedAt?: Date;
    generated?: boolean;
  },
): Promise<boolean> {
  const score = scoreResponse(submission.title, submission.answers)[0]?.value ?? null;
  const rows = await db
    .update(surveyResponses)
    .set({
      submittedAt: submission.submittedAt,
      answers: [...submission.answers],
      score,
      scores: storedScoresOf(submission.title, submission.answers),
      generated: submission.generated ?? false,
      storedAt: submission.storedAt ?? new Date(),
    })
    .where(and(eq(surveyResponses.id, submission.slotId), isNull(surveyResponses.submittedAt)))
    .returning({ id: surveyResponses.id });
  return rows.length > 0;
}
