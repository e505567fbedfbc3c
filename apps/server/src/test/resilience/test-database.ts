import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { StaffRole } from '@recovery-portal/contract/users';
import { openDatabase, type DatabaseHandle } from '#app/db/client';
import { createStaffAccount } from '#app/core/staff-accounts/create-staff-account';

/** The cluster the PostgreSQL run of `npm test` uses (.ci/run starts one). */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

/**
 * Where a resilience test keeps its data: a temporary DATA_DIR (PGlite's files and the DICOM
 * store) and, on PostgreSQL, a database of its own on the TEST_DATABASE_URL cluster.
 */
export interface ServerData {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** Set on PostgreSQL: what the server gets as DATABASE_URL. */
  databaseUrl?: string;
  /**
   * Opens the database from the test process. PGlite is single-process: only while no server
   * runs on dataDir, and close it before starting one.
   */
  open(): Promise<DatabaseHandle>;
  /** Removes the folder and drops the database. */
  remove(): Promise<void>;
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** Fresh, migrated data for a server: PostgreSQL when `kind` says so, else PGlite. */
export async function createServerData(kind: 'pglite' | 'postgres'): Promise<ServerData> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rp-resilience-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const adminUrl = postgresAdminUrl;
    const name = `rp_resilience_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`create database "${name}"`);
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () =>
      withAdminClient(adminUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
      });
  }
  const open = () =>
    databaseUrl
      ? openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
      : openDatabase({ kind: 'pglite', dataDir });
  const data: ServerData = {
    kind,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    open,
    async remove() {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  // Migrating here lets the server start as it restarts in production: schema already there.
  const database = await open();
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return data;
}

export interface StaffLogin {
  id: number;
  email: string;
  password: string;
}

/** Adds activated staff accounts (opening and closing the database around it). */
export async function addStaff(
  data: ServerData,
  roles: readonly StaffRole[],
): Promise<StaffLogin[]> {
  const database = await data.open();
  try {
    const created: StaffLogin[] = [];
    for (const role of roles) {
      const email = `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@resilience.test`;
      const password = `Pw-${randomBytes(9).toString('hex')}`;
      const { id } = await createStaffAccount(database.db, {
        role,
        email,
        password,
        firstName: 'Resi',
        lastName: 'Lience',
      });
      created.push({ id, email, password });
    }
    return created;
  } finally {
    await database.close();
  }
}
