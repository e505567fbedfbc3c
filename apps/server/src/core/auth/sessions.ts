import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { refreshTokens } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';

/** A refresh token that can still be exchanged: not used, not revoked, not expired. */
export const liveToken = and(
  isNull(refreshTokens.revokedAt),
  gt(refreshTokens.expiresAt, sql`now()`),
);

/**
 * The staff member an access token names, while the account is active and the token's session
 * is live: one query for the check every call makes.
 */
export function prepareFindSignedInStaff(db: Database) {
  // Prepared once: on PostgreSQL a named statement each connection parses and plans once, and
  // Drizzle builds the SQL text once instead of on every call.
  const sessionLive = sql`exists (select 1 from ${refreshTokens}
    where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
      and ${refreshTokens.userId} = ${users.id} and ${liveToken})`;
  const statement = db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.status, 'ACTIVATED'), sessionLive))
    .limit(1)
    .prepare('find_signed_in_staff');
  return async (userId: number, sessionId: string) => {
    const [row] = await statement.execute({ userId, sessionId });
    if (!row || row.role === 'PARTICIPANT') return undefined;
    return { ...row, role: row.role };
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
