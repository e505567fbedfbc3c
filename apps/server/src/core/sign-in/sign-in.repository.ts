import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { appMeta } from '#app/db/schema/app-meta';
import { loginAttempts, refreshTokens } from '#app/db/schema/auth';
import { mfaChallenges, staffMfa } from '#app/db/schema/mfa';

/** The app_meta key of the administrator's "require two-step sign-in for all staff". */
const MFA_REQUIRED_KEY = 'mfa.required_for_staff';

export async function recordLoginAttempt(
  db: Database,
  attempt: { email: string; clientAddress: string; deviceId: string | null; succeeded: boolean },
) {
  // The server's clock, like the throttle that reads it back.
  await db.insert(loginAttempts).values({ ...attempt, createdAt: new Date() });
}

/** Failed sign-ins since a moment. */
export const failedSince = (since: Date) =>
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

export async function insertRefreshToken(
  db: Database,
  token: typeof refreshTokens.$inferInsert,
): Promise<void> {
  // The server's clock, like the session's absolute lifetime computed from it.
  await db.insert(refreshTokens).values({ createdAt: new Date(), ...token });
}

/** True when the user has turned two-step sign-in on. */
export async function isMfaEnabled(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: staffMfa.enabledAt })
    .from(staffMfa)
    .where(eq(staffMfa.userId, userId))
    .limit(1);
  return !!row?.enabledAt;
}

/**
 * Whether an administrator requires two-step sign-in for all staff (never set: not required), as
 * SQL, so that a read can take it in its own statement.
 */
export const requiredForStaff = sql<boolean>`coalesce((select ${appMeta.value} = 'true' from ${appMeta} where ${appMeta.key} = ${MFA_REQUIRED_KEY}), false)`;

const requiredForStaffStatement = preparedOutsideTransactions((db) =>
  db
    .select({ required: requiredForStaff })
    .from(sql`(select 1) as one`)
    .prepare('mfa_required_for_staff'),
);

export async function isRequiredForStaff(db: Database): Promise<boolean> {
  const [row] = await requiredForStaffStatement(db).execute();
  return row?.required === true;
}

export async function setRequiredForStaff(db: Database, required: boolean): Promise<void> {
  const value = String(required);
  await db
    .insert(appMeta)
    .values({ key: MFA_REQUIRED_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
}

export async function insertChallenge(db: Database, challenge: typeof mfaChallenges.$inferInsert) {
  await db.insert(mfaChallenges).values(challenge);
}
