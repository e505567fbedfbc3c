import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { loginAttempts } from '#app/db/schema/auth';
import { failedSince } from '#app/core/sign-in/sign-in.repository';

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
