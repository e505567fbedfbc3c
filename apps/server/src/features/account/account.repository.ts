import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser, StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { loginAttempts, loginCodes, refreshTokens } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';
import { liveToken } from '#app/core/auth/sessions';

export type UserRow = typeof users.$inferSelect;

export function toSessionUser(row: UserRow & { role: StaffRole }): SessionUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    user_name: row.email,
    role: row.role,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** An activated staff account by id, or undefined when it is gone, suspended or a participant. */
export async function findActiveStaff(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'ACTIVATED')))
    .limit(1);
  if (!row || row.role === 'PARTICIPANT') return undefined;
  return { ...row, role: row.role };
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

export async function recordLoginAttempt(
  db: Database,
  attempt: { email: string; clientAddress: string; deviceId: string | null; succeeded: boolean },
) {
  // The server's clock, like the throttle that reads it back.
  await db.insert(loginAttempts).values({ ...attempt, createdAt: new Date() });
}

const failedSince = (since: Date) =>
  and(eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since));

const tally = {
  count: count(),
  last: sql<Date | null>`max(${loginAttempts.createdAt})`.mapWith(loginAttempts.createdAt),
};

/**
 * Failed sign-ins since `since` from untrusted clients (no trusted-browser cookie): of the
 * account at this client address, and of the address over every account, each with its latest.
 */
export async function recentFailures(
  db: Database,
  email: string,
  clientAddress: string,
  since: Date,
) {
  const byAddress = and(
    failedSince(since),
    eq(loginAttempts.clientAddress, clientAddress),
    isNull(loginAttempts.deviceId),
  );
  const [pair] = await db
    .select(tally)
    .from(loginAttempts)
    .where(and(byAddress, eq(loginAttempts.email, email)));
  const [address] = await db.select(tally).from(loginAttempts).where(byAddress);
  return {
    pair: { count: pair?.count ?? 0, last: pair?.last ?? null },
    address: { count: address?.count ?? 0, last: address?.last ?? null },
  };
}

/** Failed sign-ins since `since` that came with this trusted browser's cookie. */
export async function recentDeviceFailures(db: Database, deviceId: string, since: Date) {
  const [row] = await db
    .select(tally)
    .from(loginAttempts)
    .where(and(failedSince(since), eq(loginAttempts.deviceId, deviceId)));
  return { count: row?.count ?? 0, last: row?.last ?? null };
}

/**
 * Every account and address with failed sign-ins since `since`, latest first; those from
 * trusted browsers apart from the untrusted ones.
 */
export async function listRecentFailures(db: Database, since: Date) {
  const last = sql<Date>`max(${loginAttempts.createdAt})`.mapWith(loginAttempts.createdAt);
  const trusted = sql<boolean>`${loginAttempts.deviceId} is not null`;
  return db
    .select({
      email: loginAttempts.email,
      clientAddress: loginAttempts.clientAddress,
      trusted,
      count: count(),
      last,
    })
    .from(loginAttempts)
    .where(failedSince(since))
    .groupBy(loginAttempts.email, loginAttempts.clientAddress, trusted)
    .orderBy(desc(last));
}

/**
 * Forgets the failed sign-ins of an account at an address, or of every account at the address;
 * answers how many there were.
 */
export async function clearFailures(
  db: Database,
  key: { email: string | null; clientAddress: string },
) {
  const rows = await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.succeeded, false),
        eq(loginAttempts.clientAddress, key.clientAddress),
        key.email === null ? undefined : eq(loginAttempts.email, key.email),
      ),
    )
    .returning({ id: loginAttempts.id });
  return rows.length;
}

export async function insertRefreshToken(
  db: Database,
  token: typeof refreshTokens.$inferInsert,
): Promise<void> {
  // The server's clock, like the session's absolute lifetime computed from it.
  await db.insert(refreshTokens).values({ createdAt: new Date(), ...token });
}

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

export async function insertLoginCode(db: Database, code: typeof loginCodes.$inferInsert) {
  await db.insert(loginCodes).values(code);
}

/** Codes of the user that are unused and unexpired, newest first. */
export async function findActiveLoginCodes(db: Database, userId: number) {
  return db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, userId),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${loginCodes.createdAt} desc`);
}

export async function countCodesSince(db: Database, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, userId), gt(loginCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function markLoginCodeUsed(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** Counts a wrong guess against every live code of the user; a code dies after `max` guesses. */
export async function recordWrongCodeGuess(db: Database, userId: number, max: number) {
  await db
    .update(loginCodes)
    .set({
      failedAttempts: sql`${loginCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${loginCodes.failedAttempts} + 1 >= ${max} then now() else null end`,
    })
    .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt)));
}

export async function setPassword(db: Database, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: sql`now()`,
      // Setting a password through an emailed code is how invited accounts become active.
      status: sql`case when ${users.status} = 'PENDING_ACTIVATION' then 'ACTIVATED'::user_status else ${users.status} end`,
      joinedAt: sql`coalesce(${users.joinedAt}, now())`,
    })
    .where(eq(users.id, userId));
}
