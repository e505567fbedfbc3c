// A call whose statement checks the caller's session itself (config.sessionInStatement in
// plugins/auth.ts): one round trip where the session check and the read took two.
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { signedInStaffQuery, type SignedInRow } from './sessions';

/**
 * The caller of a statement that checks their session itself: who the token names and which
 * roles the route admits (callerChecked's placeholders), and how the call then admits the staff
 * member the statement found, or refuses it.
 */
export interface StatementCaller {
  userId: number;
  sessionId: string;
  roles: readonly StaffRole[];
  admit(found: SignedInRow | null | undefined): unknown;
}

/** The values of callerChecked's placeholders. */
export const callerValues = (caller: StatementCaller) => ({
  userId: caller.userId,
  sessionId: caller.sessionId,
  roles: [...caller.roles],
});

/**
 * For a statement that checks its caller's session itself: `signedIn`, a CTE of the staff member
 * the token names (signedInStaffQuery); `admittedCaller`, SQL of that CTE's row when the route
 * admits their role, and `actor`, its columns, for the call's audit row (auditInsertFrom);
 * `admitted`, SQL that is true when there is such a row, on which the call's reads are gated;
 * and `found`, the staff member as JSON (SignedInRow), or null, for StatementCaller.admit.
 */
export function callerChecked(db: Database) {
  const signedIn = db.$with('signed_in').as(signedInStaffQuery(db));
  // Drizzle names a CTE's columns without their table: named here, beside the users they join.
  const admittedCaller = sql`${signedIn} where signed_in.role::text = any(${sql.placeholder('roles')}::text[])`;
  const admitted = sql`exists (select 1 from ${admittedCaller})`;
  const actor = { id: sql`signed_in.id`, email: sql`signed_in.email` };
  const found = sql<SignedInRow | null>`(select json_build_object('id', signed_in.id, 'role', signed_in.role, 'email', signed_in.email) from ${signedIn})`;
  return { signedIn, admittedCaller, actor, admitted, found };
}

export type CallerCheck = ReturnType<typeof callerChecked>;
