import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { refreshTokens } from '#app/db/schema/auth';
import { liveToken } from '#app/core/auth/sessions';

export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** When the session (token family) began: its first token's issue. */
export async function sessionStartedAt(db: Database, familyId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId));
  return row?.at ?? null;
}

/** True when the family has a token issued after this one (it was rotated). */
export async function hasSuccessor(db: Database, token: { id: number; familyId: string }) {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, token.familyId), gt(refreshTokens.id, token.id)))
    .limit(1);
  return row !== undefined;
}

/** Marks one token used; false when another request already used it (a reuse). */
export async function consumeRefreshToken(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeTokenFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * The sessions of a user that can still be used, most recently used first. A session is one
 * sign-in's chain of refresh tokens; each refresh adds a token, so the newest token tells when
 * and from where the session last renewed its access. A session whose live token was issued
 * before `idleSince` is over although nothing revoked it: refreshing refuses it as idle.
 */
export async function listLiveSessions(db: Database, userId: number, idleSince: Date) {
  const lastUsed = sql<Date>`max(${refreshTokens.createdAt})`;
  return db
    .select({
      id: refreshTokens.familyId,
      createdAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastUsedAt: lastUsed.mapWith(refreshTokens.createdAt),
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
      clientAddress: sql<
        string | null
      >`(array_agg(${refreshTokens.clientAddress} order by ${refreshTokens.id} desc))[1]`,
      userAgent: sql<
        string | null
      >`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.id} desc))[1]`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .having(sql`bool_or(${liveToken} and ${refreshTokens.createdAt} > ${idleSince})`)
    .orderBy(desc(lastUsed));
}

/** Revokes one session of the user; false when it was not live (unknown, ended, another's). */
export async function revokeUserSession(
  db: Database,
  userId: number,
  familyId: string,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), liveToken))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}
