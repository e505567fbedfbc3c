import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role, StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { refreshTokens } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';

/** A signed-in staff member: who the call is from. */
export interface StaffPrincipal {
  id: number;
  role: StaffRole;
  email: string;
}

/** A refresh token that can still be exchanged: not used, not revoked, not expired. */
export const liveToken = and(
  isNull(refreshTokens.revokedAt),
  gt(refreshTokens.expiresAt, sql`now()`),
);

/**
 * The staff member an access token names (placeholders `userId` and `sessionId`; one row at
 * most, by primary key), while the account is active and the token's session is live: the check
 * every call makes, on its own (prepareFindSignedInStaff) or in the statement that answers the
 * call (statement-caller.ts).
 */
export function signedInStaffQuery(db: Pick<Database, 'select'>) {
  const sessionLive = sql`exists (select 1 from ${refreshTokens}
    where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
      and ${refreshTokens.userId} = ${users.id} and ${liveToken})`;
  return db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.status, 'ACTIVATED'),
        ne(users.role, 'PARTICIPANT'),
        sessionLive,
      ),
    );
}

/** A row of signedInStaffQuery. */
export interface SignedInRow {
  id: number;
  role: Role;
  email: string;
}

/** A signed-in staff member as signedInStaffQuery reads them, or undefined for none. */
export function staffOf(row: SignedInRow | undefined | null): StaffPrincipal | undefined {
  if (!row || row.role === 'PARTICIPANT') return undefined;
  return { ...row, role: row.role };
}

/** The check on its own, for the hook of plugins/auth.ts: the staff member, or undefined. */
export function prepareFindSignedInStaff(db: Database) {
  // Prepared once: on PostgreSQL a named statement each connection parses and plans once, and
  // Drizzle builds the SQL text once instead of on every call.
  const statement = signedInStaffQuery(db).prepare('find_signed_in_staff');
  return async (userId: number, sessionId: string) => {
    const [row] = await statement.execute({ userId, sessionId });
    return staffOf(row);
  };
}

/** Ends every session of the user; answers how many live sessions there were. */
export async function revokeAllUserTokens(db: Database, userId: number): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt });
  const now = Date.now();
  return new Set(rows.filter((row) => row.expiresAt.getTime() > now).map((row) => row.familyId))
    .size;
}
