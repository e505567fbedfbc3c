import { and, eq, lte, sql } from 'drizzle-orm';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { reviewerName, reviewers } from '#app/core/reviewers';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';

/**
 * Records that `reviewerId` reviewed the participant now, creating the participant's triage row
 * if needed. The insert reads the participant in the same statement, so an unknown id (or a
 * participant deleted meanwhile) is a clean false rather than a foreign-key failure.
 */
export async function markReviewed(
  db: Database,
  participantId: number,
  reviewerId: number,
): Promise<boolean> {
  const rows = await db
    .insert(participantTriage)
    .select((qb) =>
      qb
        .select({
          userId: users.id,
          openFlagCount: sql<number>`0`.as('open_flag_count'),
          topOpenSeverity: sql<FlagSeverity | null>`null`.as('top_open_severity'),
          lastReviewedAt: sql<Date>`now()`.as('last_reviewed_at'),
          lastReviewedBy: sql<number>`${reviewerId}::int`.as('last_reviewed_by'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(and(eq(users.id, participantId), eq(users.role, 'PARTICIPANT'))),
    )
    .onConflictDoUpdate({
      target: participantTriage.userId,
      // Flags are the scanner's: a review only moves the review columns.
      set: {
        lastReviewedAt: sql`excluded.last_reviewed_at`,
        lastReviewedBy: sql`excluded.last_reviewed_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ userId: participantTriage.userId });
  return rows.length === 1;
}

export interface TriageRow {
  lastReviewedAt: Date | null;
  reviewerId: number | null;
  reviewerName: string | null;
  /** Null when the participant has no triage row yet. */
  openFlagCount: number | null;
  topOpenSeverity: FlagSeverity | null;
  /** When the latest home measurement (device or app) was taken, up to `now`. */
  lastTelemetryAt: Date | null;
}

/**
 * The participant's triage row (last review with the reviewer's name, open flags) and latest
 * home measurement up to `now`, in one statement that finds the participant first
 * (core/audit/participant-read.ts); with `audited`, it also writes the call's audit row, only
 * when the participant exists. Both variants are prepared once and kept.
 */
function triageStatement(db: Database, audited: boolean) {
  const participant = participantCte(db);
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const lastTelemetryAt =
    sql`(select max(${measurements.measuredAt}) from ${measurements} where ${and(
      eq(measurements.userId, participant.id),
      eq(measurements.source, 'HOME'),
      lte(measurements.measuredAt, now),
    )})`.mapWith(measurements.measuredAt);
  return db
    .with(participant, ...(audited ? [participantAudit(db, participant)] : []))
    .select({
      lastReviewedAt: participantTriage.lastReviewedAt,
      reviewerId: reviewers.id,
      reviewerName,
      openFlagCount: participantTriage.openFlagCount,
      topOpenSeverity: participantTriage.topOpenSeverity,
      lastTelemetryAt,
    })
    .from(participant)
    .leftJoin(participantTriage, eq(participantTriage.userId, participant.id))
    .leftJoin(reviewers, eq(reviewers.id, participantTriage.lastReviewedBy))
    .prepare(audited ? 'participant_triage_audited' : 'participant_triage');
}

const triageRead = preparedOutsideTransactions((db) => triageStatement(db, false));
const auditedTriageRead = preparedOutsideTransactions((db) => triageStatement(db, true));

/** The participant's triage reading as of `now`; 404 for no participant. */
export async function findTriage(
  db: Database,
  participantId: number,
  now: Date,
): Promise<TriageRow> {
  const rows = await triageRead(db).execute({ participantId, now: now.toISOString() });
  return participantRows(rows, participantId)[0];
}

/** The same reading, by the statement that writes the call's audit row (`audit`). */
export async function auditedTriage(
  db: Database,
  participantId: number,
  now: Date,
  audit: AuditValues,
): Promise<TriageRow> {
  const rows = await auditedTriageRead(db).execute({
    ...audit,
    participantId,
    now: now.toISOString(),
  });
  return participantRows(rows, participantId)[0];
}
