import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { SURVEY_TIMEPOINT_OFFSET_DAYS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { addDays } from '#app/core/days';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantListStatement,
  participantCte,
  participantRecords,
} from '#app/core/audit/participant-read';
import { surgeryColumns, toSurgery } from '#app/core/surgeries';

// ---------------------------------------------------------------------------------------------
// The surgeries of a participant, read with the call's audit row
// ---------------------------------------------------------------------------------------------

/**
 * The participant's surgeries, latest surgery date first, with the call's audit row
 * (core/audit/participant-read.ts): one statement. Always the same, so prepared once and kept.
 */
const surgeriesStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({
        ...surgeryColumns,
        image_count: sql<number>`${surgeryColumns.image_count}`.as('image_count'),
      })
      .from(participant)
      .innerJoin(surgeries, eq(surgeries.userId, participant.id)),
  );
  return participantListStatement(db, { participant, rows, details: null }, rows._.selectedFields)
    .orderBy(desc(rows.surgery_date), desc(rows.id))
    .prepare('participant_surgeries_audited');
});

/** The participant's surgeries read with the call's audit row; 404 for no such participant. */
export async function auditedSurgeries(
  db: Database,
  id: number,
  audit: AuditValues,
): Promise<Surgery[]> {
  const rows = await surgeriesStatement(db).execute({ ...audit, participantId: id });
  return participantRecords(rows, id).map(toSurgery);
}

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
