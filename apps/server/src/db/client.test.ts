import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerData,
  postgresAdminUrl,
  type ServerData,
} from '#app/test/resilience/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './errors';

describe.skipIf(!postgresAdminUrl)('PostgreSQL pool (openDatabase)', () => {
  let data: ServerData | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    data = await createServerData('postgres');
    if (!data.databaseUrl) throw new Error('no database');
    database = await openDatabase({ kind: 'postgres', url: data.databaseUrl, poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await data?.remove();
  });

  async function terminateBackend(pid: number) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  }

  it('a transaction whose connection PostgreSQL ends between statements rejects as database-unavailable, and the process and pool live on', async () => {
    if (!database) throw new Error('not opened');
    const { db } = database;
    // Without a listener on the checked-out client, pg's 'error' event would be an uncaught
    // exception here, ending the whole server (vitest reports it as an unhandled error).
    const transaction = db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      const pid = Number(rows[0]?.pid);
      await terminateBackend(pid);
      // Give the socket's end a turn to arrive while the client is still checked out.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    // The error must read as "database unavailable", so the request answers 503, not 500.
    const error: unknown = await transaction.then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    await database.ping();
    const after = (await db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
    expect(after.rows).toEqual([{ one: 1 }]);
  }, 30_000);
});
