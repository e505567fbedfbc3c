import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, openDatabase } from '#app/db/client';
import { lockDataDir } from '#app/lib/data-dir-lock';
import { restrictTree, secureDataDir } from '#app/lib/secure-data-dir';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import {
  BackupArchiveError,
  dicomEntryHash,
  DUMP_ENTRY,
  type BackupManifest,
} from './backup-format';
import { dropAllData, listTables, recordMigration, tablesWithData } from './backup.repository';
import { loadDump } from './database-dump';
import { forEachEntry, verifyArchive } from './read-archive';
import { withSession, type SqlSession } from './sql-session';

/** Where a restore goes: the configured PostgreSQL or DATA_DIR, or (to verify) memory. */
export type RestoreTarget =
  | { kind: 'postgres'; url: string; dataDir: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; dataDir: string };

/** The target already holds data and --replace was not given, or the versions do not fit. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: { name: string; rows: number }[];
  /** Each restored file, hashed again as it was written to the store. */
  files: { sha256: string; size: number }[];
}

/** An archive verifyArchive has checked, with the key that opens it. */
interface VerifiedArchive {
  file: string;
  key: string;
  manifest: BackupManifest;
}

/** The build's migrations up to the archive's: the archive's must be a prefix of this build's. */
function migrationsToApply(manifest: BackupManifest) {
  const available = readMigrationFiles({ migrationsFolder });
  if (manifest.migrations.length > available.length) {
    throw new RestoreRefusedError(
      'The backup was made by a newer version of Recovery Portal; restore it with that version.',
    );
  }
  manifest.migrations.forEach((applied, index) => {
    const ours = available[index];
    if (ours?.hash !== applied.hash || ours.folderMillis !== applied.createdAt) {
      throw new RestoreRefusedError(
        'The backup was made by a version of Recovery Portal with different migrations; restore it with that version.',
      );
    }
  });
  return available.slice(0, manifest.migrations.length);
}

async function isDirectory(target: string): Promise<boolean> {
  return (await stat(target).catch(() => null))?.isDirectory() ?? false;
}

function refusal(tables: readonly string[]): RestoreRefusedError {
  return new RestoreRefusedError(
    `The target database already holds data (rows in ${tables.join(' and ')}). Restore into an empty one, or add --replace to overwrite it.`,
  );
}

/** Loads the archive into a session: the schema at the backup's level, its rows, its files. */
async function restoreInto(
  session: SqlSession,
  archive: VerifiedArchive,
  dataDir: string,
  replace: boolean,
): Promise<Omit<RestoreReport, 'manifest'>> {
  const { file, key, manifest } = archive;
  const existing = await listTables(session);
  if (existing.length > 0) {
    const filled = await tablesWithData(session);
    if (filled.length > 0 && !replace) throw refusal(filled);
    // Migrated without data (a server started on it once), or replacing: start from nothing.
    await dropAllData(session);
  }
  for (const migration of migrationsToApply(manifest)) {
    for (const statement of migration.sql) await session.exec(statement);
    await recordMigration(session, { hash: migration.hash, createdAt: migration.folderMillis });
  }
  const store = createDicomStore(dataDir);
  let tables: { name: string; rows: number }[] = [];
  const files: RestoreReport['files'] = [];
  await forEachEntry(file, key, async (name, _type, stream: Readable) => {
    if (name === DUMP_ENTRY) {
      tables = await loadDump(session, createInterface({ input: stream, crlfDelay: Infinity }));
      return;
    }
    const expected = dicomEntryHash(name);
    if (!expected) {
      stream.resume();
      return;
    }
    const staged = await store.writeTemp(stream);
    if (staged.sha256 !== expected) {
      await store.discard(staged.tmpPath);
      throw new BackupArchiveError(`entry ${name} changed while it was being restored.`);
    }
    await store.promote(staged);
    files.push({ sha256: staged.sha256, size: staged.sizeBytes });
  });
  for (const { name, rows } of manifest.tables) {
    const loaded = tables.find((table) => table.name === name)?.rows ?? 0;
    if (loaded !== rows) {
      throw new BackupArchiveError(
        `table ${name} restored ${loaded} rows where the manifest lists ${rows}.`,
      );
    }
  }
  return { tables, files };
}

/**
 * Restores a backup archive. The whole archive is decrypted and checked first (verifyArchive)
 * and nothing is written before that. The database part is one transaction: on failure the
 * target is as it was. Stored files are content-addressed, so any left by a failed restore are
 * merely unused (the server's hourly sweep removes them). On PGlite the new database is built
 * in a folder of its own and swapped in at the end. DATA_DIR ends private to its owner, as a
 * server leaves it (0700 folders, 0600 files), whatever the umask.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { replace: boolean; key: string },
): Promise<RestoreReport> {
  const manifest = await verifyArchive(file, options.key);
  migrationsToApply(manifest);
  const archive: VerifiedArchive = { file, key: options.key, manifest };
  if (target.kind === 'pglite-memory') {
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      const result = await withSession(database.driver, { mode: 'write' }, (session) =>
        restoreInto(session, archive, target.dataDir, false),
      );
      return { manifest, ...result };
    } finally {
      await database.close();
    }
  }
  await secureDataDir(target.dataDir);
  try {
    const result =
      target.kind === 'postgres'
        ? await withSession({ kind: 'postgres', url: target.url }, { mode: 'write' }, (session) =>
            restoreInto(session, archive, target.dataDir, options.replace),
          )
        : await restoreIntoDataDir(archive, target.dataDir, options.replace);
    return { manifest, ...result };
  } finally {
    // PGlite writes its files 0666 whatever the umask (see secure-data-dir.ts).
    await restrictTree(target.dataDir);
  }
}

/** The embedded database: built beside the live one, then swapped in. */
async function restoreIntoDataDir(
  archive: VerifiedArchive,
  dataDir: string,
  replace: boolean,
): Promise<Omit<RestoreReport, 'manifest'>> {
  const release = lockDataDir(dataDir);
  const live = path.join(dataDir, 'pglite');
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    if (await isDirectory(live)) {
      const current = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const filled = await withSession(current.driver, { mode: 'snapshot' }, tablesWithData);
        if (filled.length > 0 && !replace) throw refusal(filled);
      } finally {
        await current.close();
      }
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    let result;
    try {
      result = await withSession(database.driver, { mode: 'write' }, (session) =>
        restoreInto(session, archive, dataDir, false),
      );
    } finally {
      await database.close();
    }
    const replaced = `${staging}-replaced`;
    if (await isDirectory(live)) await rename(live, replaced);
    await rename(path.join(staging, 'pglite'), live);
    await rm(replaced, { recursive: true, force: true });
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}
