import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { joinAmbientTransactions } from './ambient-transaction';

/** The build copies the SQL next to the bundle, so this resolves in src/ and in dist/ alike. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long a request waits for a PostgreSQL connection (new, or free in the pool). */
const CONNECT_TIMEOUT_MS = 5_000;

/** Arbitrary constant: serialises migrations when several servers start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_211_977;

/** The query builder both drivers share; repositories take this (or a transaction of it). */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

/** The driver underneath the query builder, for what it cannot do (COPY, for backups). */
export type DatabaseDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  driver: DatabaseDriver;
  /** Runs a trivial query; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  /** Applies pending SQL migrations; safe on every start and from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Milliseconds a statement may run before PostgreSQL cancels it; unset or 0: no limit. */
      statementTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'pglite-memory';
      /** Starts as a copy of this data directory (`dumpDataDir`) instead of an empty cluster. */
      from?: Blob;
    };

/** Opens PGlite (persisted under DATA_DIR, or in memory for tests) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // An unreachable database host must not hold requests until the operating system gives
      // up on the connection (minutes): they fail with 503 after this, and so does waiting
      // this long for a free connection of the pool.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Lets the operating system notice an idle connection whose server vanished silently.
      keepAlive: true,
      // A runaway query must not hold its request (and a connection) forever: the server
      // cancels it (57014) and the request answers 503.
      ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
    });
    // A connection losing its server (a restart, pg_terminate_backend) must not crash the
    // process; its queries reject instead. The pool covers idle clients, but pg emits 'error' on
    // a checked-out client too (a transaction between statements), with nobody listening.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = joinAmbientTransactions(drizzlePostgres(pool) as unknown as Database);
    return {
      db,
      kind: 'postgres',
      driver: { kind: 'postgres', url: target.url },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: async () => {
        // Its own connection, without the statement timeout: building an index over a large
        // table may rightly take longer than any request should.
        const lock = new pg.Client({
          connectionString: target.url,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        lock.on('error', () => undefined);
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres(lock), { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          await lock.end();
        }
      },
      close: () => pool.end(),
    };
  }
  // pg_trgm backs the substring-search indexes; PostgreSQL servers have it in contrib.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else {
    client = await PGlite.create({
      extensions,
      ...(target.from ? { loadDataDir: target.from } : {}),
    });
  }
  const pgliteDb = drizzlePglite(client);
  const db = joinAmbientTransactions(pgliteDb as unknown as Database);
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
