import type { FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import { notFound } from '#app/lib/app-error';
import { auditInsertFrom, countDetails, type AuditValues } from './record-audit';
import { auditedWithin } from './request-audit';

/**
 * One read of a participant's details in one statement (DESIGN §7: the session check and this,
 * two round trips): the `participant` CTE finds the participant (no row for an unknown id or a
 * staff member's, the same 404), the feature joins its data to it, and `participantAudit` writes
 * the request's audit row, only when the participant exists. The feature's statement reads
 * `from participant left join <its data> on true`, so a participant without data still answers
 * one row, and no row means no participant.
 */
export function participantCte(db: Database) {
  return db.$with('participant').as(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('participantId')), eq(users.role, 'PARTICIPANT'))),
  );
}

export type ParticipantCte = ReturnType<typeof participantCte>;

/**
 * The request's audit row (auditInsertFrom, with auditedWithin's values), one per row of
 * `participant` (or of a CTE narrowing it, such as one that also needs a surgery found): none
 * for an unknown id. `addedDetails` is merged into the row's details.
 */
export function participantAudit(db: Database, participant: Subquery, addedDetails?: SQL) {
  return db.$with('audit', {}).as(auditInsertFrom(participant, addedDetails));
}

function isNonEmpty<T>(rows: T[]): rows is [T, ...T[]] {
  return rows.length > 0;
}

/**
 * A participant's list in one statement: `row` (fields of `rows`, a CTE of their records) with
 * the participant, and the audit row with `details` (by default, how many records it read; null
 * for none). One row with a null `row` when the participant has none, no row for no participant.
 * The caller orders and prepares it.
 */
export function participantListStatement<TRow extends SelectedFieldsFlat>(
  db: Database,
  read: { participant: ParticipantCte; rows: Subquery; details?: SQL | null },
  row: TRow,
) {
  const { participant, rows } = read;
  const details = read.details === undefined ? countDetails(rows) : read.details;
  return db
    .with(participant, rows, participantAudit(db, participant, details ?? undefined))
    .select({ participantId: participant.id, row })
    .from(participant)
    .leftJoin(rows, sql`true`);
}

/** The statement's rows; none is the participant calls' 404 (unknown id or staff member). */
export function participantRows<T>(rows: T[], id: number): [T, ...T[]] {
  if (!isNonEmpty(rows)) throw notFound(PARTICIPANT_ERRORS.notFound(id));
  return rows;
}

/** The records of participantListStatement's rows (a null `row` is none); 404 for no participant. */
export function participantRecords<T>(rows: { row: T | null }[], id: number): T[] {
  return participantRows(rows, id).flatMap(({ row }) => (row ? [row] : []));
}

/**
 * Runs `work`, one statement reading participant `id` with participantAudit writing the
 * request's row about them (subject: the participant, with `details` when given); `work` adds
 * `participantId: id`.
 */
export function auditedParticipantRead<T>(
  request: FastifyRequest,
  id: number,
  work: (audit: AuditValues) => Promise<T>,
  details?: Record<string, unknown>,
): Promise<T> {
  return auditedWithin(request, { subjectType: 'participant', subjectId: id, details }, work);
}
