import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { loginAttempts } from '#app/db/schema/auth';
import { failedSince } from '#app/core/sign-in/sign-in.repository';
import { auditCte, type AuditValues } from '#app/core/audit/record-audit';

/** A throttle row as read: an account at an address (or, with no email, a whole address). */
export interface FailureRow {
  email: string | null;
  clientAddress: string;
  trusted: boolean;
  count: number;
  last: Date;
}

/**
 * Every account and address with failed sign-ins since `since`, latest first (those from trusted
 * browsers apart from the untrusted ones), then every address whose untrusted failures over all
 * accounts reach `maxPerAddress` (email null), latest first; read by the statement that also
 * writes the call's audit row with how many rows it read (`{ rows }`). Built per call, not
 * prepared: failedSince takes the window's start as a value.
 */
export function auditedRecentFailures(
  db: Database,
  read: { since: Date; maxPerAddress: number },
  audit: AuditValues,
): Promise<FailureRow[]> {
  const lastOf = (column: SQL.Aliased<Date> | typeof loginAttempts.createdAt) =>
    sql<Date>`max(${column})`.mapWith(loginAttempts.createdAt);
  const trusted = sql<boolean>`${loginAttempts.deviceId} is not null`;
  const pairs = db.$with('pairs').as(
    db
      .select({
        email: loginAttempts.email,
        clientAddress: loginAttempts.clientAddress,
        trusted: trusted.as('trusted'),
        count: count().as('count'),
        last: lastOf(loginAttempts.createdAt).as('last'),
      })
      .from(loginAttempts)
      .where(failedSince(read.since))
      .groupBy(loginAttempts.email, loginAttempts.clientAddress, trusted),
  );
  const addresses = db.$with('addresses').as(
    db
      .select({
        clientAddress: pairs.clientAddress,
        count: sql<number>`sum(${pairs.count})::int`.as('count'),
        last: lastOf(pairs.last).as('last'),
      })
      .from(pairs)
      .where(sql`not ${pairs.trusted}`)
      .groupBy(pairs.clientAddress)
      .having(sql`sum(${pairs.count}) >= ${read.maxPerAddress}`),
  );
  const rows = db.$with('throttle_rows').as(
    db
      .select({
        email: sql<string | null>`${pairs.email}`.as('email'),
        clientAddress: pairs.clientAddress,
        trusted: pairs.trusted,
        count: pairs.count,
        last: pairs.last,
        perAddress: sql<boolean>`false`.as('per_address'),
      })
      .from(pairs)
      .unionAll(
        db
          .select({
            email: sql<string | null>`null`.as('email'),
            clientAddress: addresses.clientAddress,
            trusted: sql<boolean>`false`.as('trusted'),
            count: addresses.count,
            last: addresses.last,
            perAddress: sql<boolean>`true`.as('per_address'),
          })
          .from(addresses),
      ),
  );
  const rowCount = sql`jsonb_build_object('rows', (select count(*)::int from ${rows}))`;
  return db
    .with(pairs, addresses, rows, auditCte(db, rowCount))
    .select({
      email: rows.email,
      clientAddress: rows.clientAddress,
      trusted: rows.trusted,
      count: rows.count,
      last: rows.last,
    })
    .from(rows)
    .orderBy(asc(rows.perAddress), desc(rows.last))
    .execute(audit);
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
