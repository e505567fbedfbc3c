import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantListStatement,
  participantCte,
  participantRecords,
} from '#app/core/audit/participant-read';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { scheduleRowCteColumns } from './survey-schedule';

/**
 * Every scheduled survey of the participant with its questionnaire, newest target date first,
 * and the call's audit row with `{ count }` (core/audit/participant-read.ts): one statement,
 * prepared once and kept.
 */
const scheduledSurveysStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({ ...scheduleRowCteColumns, questions: surveys.questions })
      .from(participant)
      .innerJoin(surveyResponses, eq(surveyResponses.userId, participant.id))
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId)),
  );
  return participantListStatement(db, { participant, rows }, rows._.selectedFields)
    .orderBy(desc(rows.targetDate), asc(rows.title), asc(rows.id))
    .prepare('participant_surveys_audited');
});

/** The participant's scheduled surveys, read with the call's audit row; 404 for none. */
export async function auditedScheduledSurveys(db: Database, id: number, audit: AuditValues) {
  const rows = await scheduledSurveysStatement(db).execute({ ...audit, participantId: id });
  return participantRecords(rows, id);
}
export type ScheduledSurveyRow = Awaited<ReturnType<typeof auditedScheduledSurveys>>[number];
