import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import { scheduleRowCteColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';

/**
 * The survey schedule of one participant in one statement with the call's audit row
 * (core/audit/participant-read.ts). Given `surgeryId`, the date of that surgery of theirs, and
 * the audit row only when it is found (`found` narrows `participant` to that case). Always the
 * same statement, so it is prepared once and kept.
 */
const adherenceStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const surgeryId = sql`${sql.placeholder('surgeryId')}::integer`;
  const surgery = db.$with('surgery').as(
    db
      .select({ day: sql<string>`to_char(${surgeries.surgeryDate}, 'YYYY-MM-DD')`.as('day') })
      .from(participant)
      .innerJoin(surgeries, and(eq(surgeries.userId, participant.id), eq(surgeries.id, surgeryId))),
  );
  const found = db.$with('found').as(
    db
      .select({ id: participant.id })
      .from(participant)
      .where(or(isNull(surgeryId), sql`exists (select 1 from ${surgery})`)),
  );
  const rows = db
    .$with('rows')
    .as(
      db
        .select(scheduleRowCteColumns)
        .from(found)
        .innerJoin(surveyResponses, eq(surveyResponses.userId, found.id))
        .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId)),
    );
  return db
    .with(participant, surgery, found, rows, participantAudit(db, found))
    .select({
      found: sql<boolean>`exists (select 1 from ${found})`,
      surgeryDate: sql<string | null>`(select ${surgery.day} from ${surgery})`,
      row: rows._.selectedFields,
    })
    .from(participant)
    .leftJoin(rows, sql`true`)
    .orderBy(asc(rows.title), asc(rows.surveyId), asc(rows.id))
    .prepare('participant_adherence_audited');
});

export interface AdherenceReadings {
  /** False when `surgeryId` was given and is not one of the participant's surgeries. */
  found: boolean;
  surgeryDate: string | null;
  rows: ScheduleRow[];
}

/** The participant's schedule rows, read with the call's audit row; 404 for no participant. */
export async function auditedScheduleRows(
  db: Database,
  id: number,
  surgeryId: number | null,
  audit: AuditValues,
): Promise<AdherenceReadings> {
  const rows = participantRows(
    await adherenceStatement(db).execute({ ...audit, participantId: id, surgeryId }),
    id,
  );
  const [first] = rows;
  return {
    found: first.found,
    surgeryDate: first.surgeryDate,
    rows: rows.flatMap(({ row }) => (row ? [row] : [])),
  };
}
