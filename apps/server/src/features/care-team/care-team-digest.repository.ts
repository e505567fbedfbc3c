import { and, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { careTeamDigestFlags, careTeamDigests } from '#app/db/schema/care-team';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { responsibleStaff } from '#app/core/staff-names';

/** Open critical flags of participants `recipientId` is responsible for. */
const criticalOpenOf = (recipientId: number | null) =>
  and(
    eq(clinicalFlags.severity, 'CRITICAL'),
    eq(clinicalFlags.status, 'OPEN'),
    recipientId === null ? undefined : eq(users.responsibleClinicianId, recipientId),
  );

/**
 * Active staff with at least one open critical flag on their caseload that they have not been
 * told about yet, with the address to tell them at.
 */
export async function digestRecipients(db: Database): Promise<{ id: number; email: string }[]> {
  return db
    .selectDistinct({ id: responsibleStaff.id, email: responsibleStaff.email })
    .from(clinicalFlags)
    .innerJoin(users, eq(users.id, clinicalFlags.userId))
    .innerJoin(responsibleStaff, eq(responsibleStaff.id, users.responsibleClinicianId))
    .where(
      and(
        criticalOpenOf(null),
        inArray(responsibleStaff.role, [...STAFF_ROLES]),
        eq(responsibleStaff.status, 'ACTIVATED'),
        sql`not exists (select 1 from ${careTeamDigestFlags} where ${careTeamDigestFlags.recipientId} = ${responsibleStaff.id} and ${careTeamDigestFlags.flagId} = ${clinicalFlags.id})`,
      ),
    );
}

/**
 * Claims the recipient's next digest at `now`: true only when none was sent since `notSince`.
 * The row lock holds a second server's claim until this transaction ends; it then sees the new
 * time and gets false.
 */
export async function claimDigest(
  db: Database,
  recipientId: number,
  now: Date,
  notSince: Date,
): Promise<boolean> {
  const rows = await db
    .insert(careTeamDigests)
    .values({ recipientId, lastSentAt: now })
    .onConflictDoUpdate({
      target: careTeamDigests.recipientId,
      set: { lastSentAt: sql`excluded.last_sent_at` },
      setWhere: sql`${careTeamDigests.lastSentAt} <= ${notSince.toISOString()}::timestamptz`,
    })
    .returning({ recipientId: careTeamDigests.recipientId });
  return rows.length === 1;
}

/**
 * Records the recipient's untold open critical flags as told at `now`; returns how many. A flag
 * recorded by a concurrent run is skipped, so no flag is counted in two digests.
 */
export async function recordToldFlags(
  db: Database,
  recipientId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(careTeamDigestFlags)
    .select(
      db
        .select({
          recipientId: sql<number>`${recipientId}::int`.as('recipient_id'),
          flagId: clinicalFlags.id,
          sentAt: sql<Date>`${now.toISOString()}::timestamptz`.as('sent_at'),
        })
        .from(clinicalFlags)
        .innerJoin(users, eq(users.id, clinicalFlags.userId))
        .where(criticalOpenOf(recipientId)),
    )
    .onConflictDoNothing()
    .returning({ flagId: careTeamDigestFlags.flagId });
  return rows.length;
}
