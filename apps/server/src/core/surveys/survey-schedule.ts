import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';

/** One scheduled survey of a participant, joined with its survey: what a ScheduleRow holds. */
export const scheduleRowColumns = {
  id: surveyResponses.id,
  surveyId: surveys.id,
  title: surveys.title,
  description: surveys.description,
  timepoint: surveyResponses.timepoint,
  targetDate: surveyResponses.targetDate,
  submittedAt: surveyResponses.submittedAt,
  answers: surveyResponses.answers,
  notApplicable: surveyResponses.notApplicable,
};

/**
 * The same columns for a CTE, where the survey's id is named apart from the response's: both
 * are columns of the one CTE.
 */
export const scheduleRowCteColumns = {
  ...scheduleRowColumns,
  surveyId: sql<number>`${surveys.id}`.as('survey_id'),
};

/** The participant's survey schedule: one row per survey and timepoint scheduled. */
export async function listScheduleRows(db: Database, userId: number) {
  return db
    .select(scheduleRowColumns)
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.userId, userId))
    .orderBy(asc(surveys.title), asc(surveys.id), asc(surveyResponses.id));
}
export type ScheduleRow = Awaited<ReturnType<typeof listScheduleRows>>[number];

/** A submitted row beats an unsubmitted one; otherwise the later row (higher id) wins. */
export function preferred(current: ScheduleRow | undefined, candidate: ScheduleRow): ScheduleRow {
  if (!current) return candidate;
  if (Boolean(current.submittedAt) !== Boolean(candidate.submittedAt)) {
    return candidate.submittedAt ? candidate : current;
  }
  return candidate.id > current.id ? candidate : current;
}
