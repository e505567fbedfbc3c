import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';

/**
 * Tables whose rows a rejected or read-only request may legitimately add, with the reason.
 * Every other table of the public schema, including tables added later, is compared.
 */
export const DIGEST_EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  audit_log:
    'append-only by design: every staff read and every sign-in attempt, failed ones included, adds a row',
  login_attempts:
    'the sign-in throttle records every failed password attempt, including ones with made-up accounts',
};

/** Row count and an order-independent sum of row hashes, per table. */
export type DatabaseDigest = Record<string, { rows: number; hash: string }>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  // PGlite and node-postgres both answer { rows }.
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The next transaction id PostgreSQL will hand out. Only writing transactions take one, so while
 * it stays the same nothing was written anywhere and the (slower) digest can be skipped. Other
 * databases of a shared server move it too, which only costs a digest.
 */
export async function writeMark(db: Database): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`select txid_snapshot_xmax(txid_current_snapshot())::text as mark`),
  );
  return String(row?.mark);
}

/** A fingerprint of every table outside DIGEST_EXCLUDED_TABLES, to prove nothing changed. */
export async function databaseDigest(db: Database): Promise<DatabaseDigest> {
  const tables = rowsOf(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    ),
  )
    .map((row) => String(row.tablename))
    .filter((name) => !(name in DIGEST_EXCLUDED_TABLES));
  if (tables.length === 0) return {};
  const selects = tables.map(
    (name) =>
      `select '${name.replaceAll("'", "''")}' as name, count(*)::int as row_count, ` +
      `coalesce(sum(hashtextextended(t::text, 0)), 0)::text as hash ` +
      `from public.${quoteIdentifier(name)} t`,
  );
  const digest: DatabaseDigest = {};
  for (const row of rowsOf(await db.execute(sql.raw(selects.join(' union all '))))) {
    digest[String(row.name)] = { rows: Number(row.row_count), hash: String(row.hash) };
  }
  return digest;
}

/** The tables whose digest differs, described for a failure message ('' when equal). */
export function digestDifference(before: DatabaseDigest, after: DatabaseDigest): string {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.hash !== after[name]?.hash)
    .map(
      (name) =>
        `${name} (${before[name]?.rows ?? 'absent'} rows before, ${after[name]?.rows ?? 'absent'} after)`,
    )
    .join(', ');
}
