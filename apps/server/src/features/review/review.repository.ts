import { and, eq, lte, max, sql } from 'drizzle-orm';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { reviewerName, reviewers } from '#app/core/reviewers';

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
  openFlagCount: number;
  topOpenSeverity: FlagSeverity | null;
}

/** The participant's triage row (last review with the reviewer's name, open flags), if any. */
export async function findTriage(db: Database, participantId: number): Promise<TriageRow | null> {
  const [row] = await db
    .select({
      lastReviewedAt: participantTriage.lastReviewedAt,
      reviewerId: reviewers.id,
      reviewerName,
      openFlagCount: participantTriage.openFlagCount,
      topOpenSeverity: participantTriage.topOpenSeverity,
    })
    .from(participantTriage)
    .leftJoin(reviewers, eq(reviewers.id, participantTriage.lastReviewedBy))
    .where(eq(participantTriage.userId, participantId))
    .limit(1);
  return row ?? null;
}

/** When the participant's latest home measurement (device or app) was taken, up to `now`. */
export async function lastHomeMeasurementAt(
  db: Database,
  participantId: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(measurements.measuredAt) })
    .from(measurements)
    .where(
      and(
        eq(measurements.userId, participantId),
        eq(measurements.source, 'HOME'),
        lte(measurements.measuredAt, now),
      ),
    );
  return row?.at ?? null;
}
