import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { type UserGroup } from '@recovery-portal/contract/participants';
import type { ParticipantType, Role, UserStatus } from '@recovery-portal/contract/users';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import { loginAttempts } from '#app/db/schema/auth';
import { outbox } from '#app/db/schema/outbox';
import { userGroups, users } from '#app/db/schema/users';

export interface AccountSummary {
  id: number;
  role: Role;
  status: UserStatus;
  email: string;
  firstName: string;
  lastRemindedAt: Date | null;
  nextRemindDate: Date | null;
}

/** Any account (staff or participant) by id, for deciding between 404, 409 and the change. */
export async function findAccount(db: Database, id: number): Promise<AccountSummary | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      email: users.email,
      firstName: users.firstName,
      lastRemindedAt: users.lastRemindedAt,
      nextRemindDate: users.nextRemindDate,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * Every user group by name, read by the statement that writes the call's audit row. Always the
 * same statement, so it is prepared once and kept.
 */
const auditedGroupsStatement = preparedOutsideTransactions((db) =>
  auditingQueryBuilder(db)
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    // Case-insensitive, so the order does not depend on the database's collation.
    .orderBy(sql`lower(${userGroups.name})`, asc(userGroups.name), asc(userGroups.id))
    .prepare('user_groups_audited'),
);

export function auditedGroups(db: Database, audit: AuditValues): Promise<UserGroup[]> {
  return auditedGroupsStatement(db).execute(audit);
}

/**
 * Inserts an invited (PENDING_ACTIVATION) participant; the unique email and record number indexes
 * guard races.
 */
export async function insertInvitedParticipant(
  db: Database,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    mrn: string | null;
    type: ParticipantType;
    groupId: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      role: 'PARTICIPANT',
      status: 'PENDING_ACTIVATION',
      email: values.email.toLowerCase(),
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber,
      mrn: values.mrn,
      participantType: values.type,
      groupId: values.groupId,
      invitedAt: sql`now()`,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Removes an invitation whose email could not be sent (nothing else refers to it yet). */
export async function deleteUninvitedParticipant(db: Database, id: number): Promise<void> {
  await db
    .delete(users)
    .where(
      and(eq(users.id, id), eq(users.role, 'PARTICIPANT'), eq(users.status, 'PENDING_ACTIVATION')),
    );
}

/** Moves a participant from one status to another; false when it was not in `from`. */
export async function changeStatus(
  db: Database,
  id: number,
  from: UserStatus,
  to: UserStatus,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT'), eq(users.status, from)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Records a reminder if one may be sent now (invited, and the interval since the last one has
 * passed); the condition and the update are one statement, so two clicks send one reminder.
 */
export async function markReminded(
  db: Database,
  id: number,
  intervalDays: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      lastRemindedAt: sql`now()`,
      nextRemindDate: sql`now() + make_interval(days => ${intervalDays}::int)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.role, 'PARTICIPANT'),
        eq(users.status, 'PENDING_ACTIVATION'),
        or(isNull(users.nextRemindDate), sql`${users.nextRemindDate} <= now()`),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Puts back the reminder dates when the reminder email could not be sent. */
export async function restoreReminder(
  db: Database,
  id: number,
  previous: { lastRemindedAt: Date | null; nextRemindDate: Date | null },
): Promise<void> {
  await db
    .update(users)
    .set({ lastRemindedAt: previous.lastRemindedAt, nextRemindDate: previous.nextRemindDate })
    .where(eq(users.id, id));
}

export async function updateParticipantType(
  db: Database,
  id: number,
  type: ParticipantType,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ participantType: type, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Deletes a participant and all their data in one transaction. Tables keyed by user id cascade
 * from users; the two keyed only by email (sign-in attempts, mail sent to them) are cleared here.
 * The audit trail has no foreign key and keeps its rows. False when the id is not a participant.
 */
export async function deleteParticipant(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
      .for('update');
    if (!row) return false;
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, row.email));
    await tx.delete(outbox).where(eq(sql`lower(${outbox.recipient})`, row.email));
    await tx.delete(users).where(eq(users.id, id));
    return true;
  });
}
