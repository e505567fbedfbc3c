import { and, eq, gte, sql } from 'drizzle-orm';
import type { AuditAction } from '@recovery-portal/contract/audit';
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

/** 'Name <email>' of a user as they are now, or null for no such user. */
function userLabel(id: number) {
  return sql<
    string | null
  >`(select trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' from ${users} where ${users.id} = ${id})`;
}

/**
 * Appends one row to the audit trail; rows are never updated or deleted. The actor's and a user
 * subject's names are copied in by the same statement, so the trail keeps the name someone had
 * when they acted or were acted on, not the one they have today.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const { actorId, subjectId, subjectType } = entry;
  const subjectIsUser = USER_SUBJECT_TYPES.includes(subjectType ?? '');
  await db.insert(auditLog).values({
    ...entry,
    actorName: typeof actorId === 'number' ? userLabel(actorId) : null,
    subjectName: subjectIsUser && typeof subjectId === 'number' ? userLabel(subjectId) : null,
  });
}

/** Rows of one action from one client address in the last hour, by the rows' own clock. */
export async function countAuditFromAddressLastHour(
  db: Database,
  action: AuditAction,
  clientAddress: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.clientAddress, clientAddress),
        gte(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}
