import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { DatabaseHandle } from '#app/db/client';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  dicomEntryName,
  DUMP_ENTRY,
  MANIFEST_ENTRY,
  type BackupManifest,
  type ManifestEntry,
} from './backup-format';
import { writeDump } from './database-dump';
import { holdFileRemovals } from '#app/core/file-removal-hold';
import { withSession } from './sql-session';

/** Adds one entry from a stream, returning its checksum; the size must be known up front. */
function addEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  mtime: Date,
  source: Readable,
): Promise<ManifestEntry> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) =>
      error ? reject(error) : resolve({ path: name, size, sha256: hash.digest('hex') }),
    );
    source.on('data', (chunk: Buffer) => hash.update(chunk));
    source.on('error', (error) => {
      entry.destroy(error);
      reject(error);
    });
    source.pipe(entry);
  });
}

/**
 * Writes a consistent backup of the database and its stored DICOM files to `out` (see
 * backup-format.ts). The database is read from one snapshot; while the files it refers to are
 * copied, no stored file can be removed (file-removal-hold.ts), so the archive never holds a row
 * without its file. The server keeps serving; on PGlite its queries wait while the dump runs.
 */
export async function writeBackup(options: {
  database: DatabaseHandle;
  dataDir: string;
  out: Writable;
}): Promise<BackupManifest> {
  const createdAt = new Date();
  const store = createDicomStore(options.dataDir);
  const release = await holdFileRemovals(options.database.driver);
  const workDir = await mkdtemp(path.join(tmpdir(), 'rp-backup-'));
  try {
    // The dump is staged first: a tar header needs the entry's size before its bytes.
    const dumpPath = path.join(workDir, DUMP_ENTRY);
    const dumpFile = await open(dumpPath, 'wx', 0o600);
    let summary;
    try {
      const stream = dumpFile.createWriteStream();
      summary = await withSession(options.database.driver, { mode: 'snapshot' }, (session) =>
        writeDump(session, async (text) => {
          if (!stream.write(text))
            await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
        }),
      );
      await new Promise<void>((resolve, reject) =>
        stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    } finally {
      await dumpFile.close().catch(() => undefined);
    }

    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), options.out);
    // Without this a failed pipeline would reject before anyone awaits it.
    written.catch(() => undefined);
    const entries: ManifestEntry[] = [];
    try {
      const dumpSize = (await stat(dumpPath)).size;
      entries.push(
        await addEntry(pack, DUMP_ENTRY, dumpSize, createdAt, createReadStream(dumpPath)),
      );
      for (const sha256 of summary.contentHashes) {
        const file = store.pathFor(sha256);
        const size = (await stat(file)).size;
        const entry = await addEntry(
          pack,
          dicomEntryName(sha256),
          size,
          createdAt,
          createReadStream(file),
        );
        if (entry.sha256 !== sha256) {
          throw new Error(`the stored file ${sha256} is damaged: its content no longer matches`);
        }
        entries.push(entry);
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        source: options.database.kind,
        migrations: summary.migrations,
        tables: summary.tables,
        entries,
      };
      const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      pack.entry({ name: MANIFEST_ENTRY, size: json.length, mtime: createdAt, mode: 0o600 }, json);
      pack.finalize();
      await written;
      return manifest;
    } catch (error) {
      pack.destroy(error as Error);
      throw error;
    }
  } finally {
    await release();
    await rm(workDir, { recursive: true, force: true });
  }
}
