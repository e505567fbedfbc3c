import { and, eq, gte, sql, type Placeholder } from 'drizzle-orm';
import type { AuditAction } from '@recovery-portal/contract/audit';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';

export interface AuditEntry {
  actorId?: number | null;
  actorEmail?: string | null;
  action: AuditAction;
  subjectType?: string | null;
  subjectId?: number | null;
  details?: Record<string, unknown> | null;
  clientAddress?: string | null;
  requestId?: string | null;
}

/** Subject types whose subject id is a users.id. */
export const USER_SUBJECT_TYPES = ['participant', 'user'];

/** 'Name <email>' of the user with this id as they are now; null for no such user, or no id. */
function userLabel(id: Placeholder) {
  return sql<
    string | null
  >`(select trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' from ${users} where ${users.id} = ${id})`;
}

/**
 * Every signed-in call writes one row, so the statement is built once (issue 18: Drizzle
 * building it took a tenth of a millisecond of each call). A null id names no one.
 */
const insertAuditRow = preparedOutsideTransactions((db) =>
  db
    .insert(auditLog)
    .values({
      actorId: sql.placeholder('actorId'),
      actorEmail: sql.placeholder('actorEmail'),
      actorName: userLabel(sql.placeholder('actorId')),
      action: sql.placeholder('action'),
      subjectType: sql.placeholder('subjectType'),
      subjectId: sql.placeholder('subjectId'),
      subjectName: userLabel(sql.placeholder('subjectUserId')),
      details: sql.placeholder('details'),
      clientAddress: sql.placeholder('clientAddress'),
      requestId: sql.placeholder('requestId'),
    })
    .prepare('record_audit'),
);

/**
 * Appends one row to the audit trail; rows are never updated or deleted. The actor's and a user
 * subject's names are copied in by the same statement, so the trail keeps the name someone had
 * when they acted or were acted on, not the one they have today.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const subjectId = entry.subjectId ?? null;
  const subjectIsUser = USER_SUBJECT_TYPES.includes(entry.subjectType ?? '');
  await insertAuditRow(db).execute({
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId,
    subjectUserId: subjectIsUser ? subjectId : null,
    details: entry.details ?? null,
    clientAddress: entry.clientAddress ?? null,
    requestId: entry.requestId ?? null,
  });
}

/**
 * Rows of one action from one client address in the last hour, and in how many seconds the
 * oldest of them leaves that hour; both by the rows' own clock.
 */
export async function auditFromAddressLastHour(
  db: Database,
  action: AuditAction,
  clientAddress: string,
): Promise<{ count: number; oldestLeavesInSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestLeavesInSeconds: sql<number>`coalesce(ceil(extract(epoch from min(${auditLog.createdAt}) + interval '1 hour' - now())), 0)::int`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.clientAddress, clientAddress),
        gte(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return { count: row?.count ?? 0, oldestLeavesInSeconds: row?.oldestLeavesInSeconds ?? 0 };
}
