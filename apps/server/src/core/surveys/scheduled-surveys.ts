import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';

/** Every scheduled survey of the participant with its questionnaire, newest target date first. */
export async function listScheduledSurveys(db: Database, userId: number) {
  return db
    .select({
      id: surveyResponses.id,
      surveyId: surveys.id,
      title: surveys.title,
      description: surveys.description,
      questions: surveys.questions,
      timepoint: surveyResponses.timepoint,
      targetDate: surveyResponses.targetDate,
      submittedAt: surveyResponses.submittedAt,
      answers: surveyResponses.answers,
      notApplicable: surveyResponses.notApplicable,
    })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.userId, userId))
    .orderBy(desc(surveyResponses.targetDate), asc(surveys.title), asc(surveyResponses.id));
}
export type ScheduledSurveyRow = Awaited<ReturnType<typeof listScheduledSurveys>>[number];
