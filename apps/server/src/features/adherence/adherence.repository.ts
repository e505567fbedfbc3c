import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { surveyResponses, surveys } from '../../db/schema/surveys';

/** The participant's survey schedule: one row per survey and timepoint scheduled. */
export async function listScheduleRows(db: Database, userId: number) {
  return db
    .select({
      id: surveyResponses.id,
      surveyId: surveys.id,
      title: surveys.title,
      description: surveys.description,
      timepoint: surveyResponses.timepoint,
      targetDate: surveyResponses.targetDate,
      submittedAt: surveyResponses.submittedAt,
      answers: surveyResponses.answers,
      notApplicable: surveyResponses.notApplicable,
    })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.userId, userId))
    .orderBy(asc(surveys.title), asc(surveys.id), asc(surveyResponses.id));
}
export type ScheduleRow = Awaited<ReturnType<typeof listScheduleRows>>[number];
