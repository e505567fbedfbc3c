import type { AuditAction } from '@recovery-portal/contract/audit';
import type { Role } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { recordAudit } from '#app/core/audit/record-audit';
import type { CallerContext } from '#app/core/caller';
import { findUserById } from '#app/core/staff-accounts/staff-accounts.repository';

export interface SignInAuditEntry {
  userId?: number;
  /** The account's role, when known: a participant's rows are about a 'participant'. */
  role?: Role;
  email?: string;
  details?: Record<string, unknown>;
  folded?: true;
}

/**
 * An audit row for a sign-in step, a public call: the account it concerns is the actor. Rows are
 * found by the actor's email on the Audit log, so it is looked up where the caller only knows
 * the account (logout, a reused refresh token). `folded` rows count repeats (record-audit.ts).
 */
export async function auditSignIn(
  db: Database,
  action: AuditAction,
  caller: CallerContext,
  entry: SignInAuditEntry,
) {
  const email =
    entry.email ?? (entry.userId ? (await findUserById(db, entry.userId))?.email : null);
  await recordAudit(db, {
    actorId: entry.userId ?? null,
    actorEmail: email ?? null,
    action,
    subjectType: entry.userId ? (entry.role === 'PARTICIPANT' ? 'participant' : 'user') : null,
    subjectId: entry.userId ?? null,
    details: entry.details ?? null,
    clientAddress: caller.clientAddress,
    requestId: caller.requestId,
    ...(entry.folded ? { folded: entry.folded } : {}),
  });
}
