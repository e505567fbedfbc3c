import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { SURVEY_TIMEPOINT_OFFSET_DAYS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { addDays } from '#app/core/days';

// ---------------------------------------------------------------------------------------------
// The survey schedule dated from a surgery
// ---------------------------------------------------------------------------------------------

/** How many survey timepoints the participant has scheduled. */
export async function countScheduledSurveys(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.userId, userId));
  return Number(row?.n ?? 0);
}

/** The questionnaires on file: id and title. */
export function listQuestionnaires(db: Database) {
  return db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .orderBy(asc(surveys.title), asc(surveys.id));
}

/** Schedules each questionnaire at the five timepoints, dated from the surgery; returns the count. */
export async function scheduleSurveys(
  db: Database,
  userId: number,
  surveyIds: readonly number[],
  surgeryDate: string,
): Promise<number> {
  const rows = surveyIds.flatMap((surveyId) =>
    SURVEY_TIMEPOINTS.map((timepoint) => ({
      userId,
      surveyId,
      timepoint,
      targetDate: addDays(surgeryDate, SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint]),
    })),
  );
  if (rows.length === 0) return 0;
  await db.insert(surveyResponses).values(rows);
  return rows.length;
}

/**
 * Moves the unsubmitted timepoints that were dated from `fromDate` to the same offsets from
 * `toDate`. Submitted ones keep the date they were answered against.
 */
export async function rescheduleSurveys(
  db: Database,
  userId: number,
  fromDate: string,
  toDate: string,
): Promise<number> {
  let moved = 0;
  for (const timepoint of SURVEY_TIMEPOINTS) {
    const offset = SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint];
    const rows = await db
      .update(surveyResponses)
      .set({ targetDate: addDays(toDate, offset) })
      .where(
        and(
          eq(surveyResponses.userId, userId),
          eq(surveyResponses.timepoint, timepoint),
          eq(surveyResponses.targetDate, addDays(fromDate, offset)),
          isNull(surveyResponses.submittedAt),
        ),
      )
      .returning({ id: surveyResponses.id });
    moved += rows.length;
  }
  return moved;
}
