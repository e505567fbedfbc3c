import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseDriver } from '#app/db/client';

/**
 * A backup copies the stored files its database snapshot refers to after taking the snapshot.
 * A file whose last row is deleted in between must still be there, so while a backup runs the
 * imaging service leaves such files in place (the hourly sweep removes them later).
 *
 * Across server processes on PostgreSQL the hold is an advisory lock: the backup holds it
 * exclusively on a connection of its own; a removal asks for it shared, without waiting. PGlite
 * has one connection per process (advisory locks do not exclude their own session), so there
 * the hold is a counter in this process, the only one that may open the database.
 */
const BACKUP_LOCK_KEY = 4_211_981;

let localHolds = 0;

/** Holds file removals until the returned function is called. */
export async function holdFileRemovals(driver: DatabaseDriver): Promise<() => Promise<void>> {
  if (driver.kind === 'pglite') {
    localHolds += 1;
    return async () => {
      localHolds -= 1;
    };
  }
  const client = new pg.Client({ connectionString: driver.url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // Waits for removals in flight (they hold it shared until their transaction ends).
    await client.query('select pg_advisory_lock($1)', [BACKUP_LOCK_KEY]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}

/**
 * Whether a stored file may be removed now (inside the removing transaction): false while any
 * backup runs. The shared lock, once taken, keeps a backup from starting until this commits.
 */
export async function fileRemovalAllowed(tx: Database): Promise<boolean> {
  if (localHolds > 0) return false;
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_KEY}::bigint) as allowed`,
  );
  const rows = (result as unknown as { rows: { allowed: boolean }[] }).rows;
  return rows[0]?.allowed === true;
}
