import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import { surgeries } from '#app/db/schema/surgery';
import { users } from '#app/db/schema/users';
import { seedDemoData } from '#app/db/seed/seed-demo';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { buildDicom } from '#app/features/imaging/imaging.fixtures';
import { writeBackup } from './backup-archive';
import { loadDump } from './database-dump';
import { withSession } from './sql-session';
import { BackupArchiveError, verifyArchive } from './read-archive';
import { restoreBackup, RestoreRefusedError } from './restore-backup';

let root = '';
let sourceDir = '';
let archive = '';
let source: DatabaseHandle;
const storedHashes: string[] = [];

/** An archive whose checksums are right but whose dump.sql says what an attacker wrote. */
async function forgedArchive(name: string, dump: string): Promise<string> {
  const manifest = await verifyArchive(archive);
  const bytes = Buffer.from(dump);
  const forged = {
    ...manifest,
    entries: [
      {
        path: 'dump.sql',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    ],
  };
  const pack = tar.pack();
  pack.entry({ name: 'dump.sql' }, bytes);
  pack.entry({ name: 'manifest.json' }, JSON.stringify(forged));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  const file = path.join(root, name);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

async function counts(database: DatabaseHandle) {
  const [people] = await database.db.select({ n: count() }).from(users);
  const [audits] = await database.db.select({ n: count() }).from(auditLog);
  const [scans] = await database.db.select({ n: count() }).from(imagingFiles);
  return { users: people?.n, audit: audits?.n, scans: scans?.n };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rp-backup-test-'));
  sourceDir = path.join(root, 'source');
  source = await openDatabase({ kind: 'pglite', dataDir: sourceDir });
  await source.migrate();
  await seedDemoData(source.db, { participants: 6 });
  const [surgery] = await source.db.select().from(surgeries).limit(1);
  if (!surgery) throw new Error('the demo seed made no surgery');
  const store = createDicomStore(sourceDir);
  for (const instanceNumber of [1, 2]) {
    const staged = await store.writeTemp(Readable.from([buildDicom({ instanceNumber })]));
    await store.promote(staged);
    storedHashes.push(staged.sha256);
    await source.db.insert(imagingFiles).values({
      userId: surgery.userId,
      surgeryId: surgery.id,
      originalName: `scan-${instanceNumber}.dcm`,
      contentSha256: staged.sha256,
      sizeBytes: staged.sizeBytes,
    });
  }
  // A file no row refers to stays out of the backup.
  await store.promote(await store.writeTemp(Readable.from([Buffer.from('orphan')])));
  archive = path.join(root, 'backup.tar.gz');
  await writeBackup({ database: source, dataDir: sourceDir, out: createWriteStream(archive) });
}, 120_000);

afterAll(async () => {
  await source.close();
  await rm(root, { recursive: true, force: true });
});

describe('a backup of the embedded database', () => {
  it('lists every table, the referenced files with checksums, and nothing else', async () => {
    const manifest = await verifyArchive(archive);
    const expected = await counts(source);
    expect(manifest.source).toBe('pglite');
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBe(expected.users);
    expect(manifest.tables.find((table) => table.name === 'audit_log')?.rows).toBe(expected.audit);
    const files = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
    expect(files.map((entry) => entry.sha256).sort()).toEqual([...storedHashes].sort());
  });

  it('restores into a fresh DATA_DIR with the same rows and files', async () => {
    const target = path.join(root, 'restored');
    const report = await restoreBackup(
      archive,
      { kind: 'pglite', dataDir: target },
      {
        replace: false,
      },
    );
    expect(report.files.map((file) => file.sha256).sort()).toEqual([...storedHashes].sort());
    const restored = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      await restored.migrate();
      expect(await counts(restored)).toEqual(await counts(source));
      for (const sha256 of storedHashes) {
        const bytes = await readFile(createDicomStore(target).pathFor(sha256));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
      }
      // Sequences continue after the restored rows: a new row gets a fresh id.
      const [surgery] = await restored.db.select().from(surgeries).limit(1);
      const [row] = await restored.db
        .insert(imagingFiles)
        .values({
          userId: surgery?.userId ?? 0,
          surgeryId: surgery?.id ?? 0,
          originalName: 'new.dcm',
          contentSha256: storedHashes[0] ?? '',
          sizeBytes: 1,
        })
        .returning();
      expect(row?.id).toBeGreaterThan(2);
    } finally {
      await restored.close();
    }
    await expect(
      restoreBackup(archive, { kind: 'pglite', dataDir: target }, { replace: false }),
    ).rejects.toThrow(RestoreRefusedError);
    const replaced = await restoreBackup(
      archive,
      { kind: 'pglite', dataDir: target },
      {
        replace: true,
      },
    );
    expect(replaced.tables).toEqual((await verifyArchive(archive)).tables);
  }, 120_000);

  it('a restore into memory reports the row counts and the files it checked', async () => {
    const report = await restoreBackup(
      archive,
      { kind: 'pglite-memory', dataDir: path.join(root, 'verify') },
      { replace: false },
    );
    expect(report.tables).toEqual(report.manifest.tables);
    expect(report.files).toHaveLength(2);
  }, 60_000);

  it('refuses a truncated, altered or foreign archive before touching the target', async () => {
    const bytes = await readFile(archive);
    const truncated = path.join(root, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const tar = gunzipSync(bytes);
    // Flip one byte inside dump.sql's data (the first entry, after its 512-byte header).
    const altered = Buffer.from(tar);
    altered[600] = (altered[600] ?? 0) ^ 0x20;
    const alteredFile = path.join(root, 'altered.tar.gz');
    await writeFile(alteredFile, gzipSync(altered));
    const foreign = path.join(root, 'foreign.tar.gz');
    await writeFile(foreign, gzipSync(Buffer.alloc(1024)));
    const notGzip = path.join(root, 'plain.txt');
    await writeFile(notGzip, "'; drop table users; --");
    const target = path.join(root, 'never-written');
    for (const file of [truncated, alteredFile, foreign, notGzip]) {
      await expect(
        restoreBackup(file, { kind: 'pglite', dataDir: target }, { replace: true }),
      ).rejects.toThrow(BackupArchiveError);
    }
    await expect(readFile(path.join(target, 'server.pid'))).rejects.toThrow();
  }, 60_000);

  it.each([
    ['a statement of its own', 'DROP TABLE users;'],
    [
      'SQL smuggled into a table name',
      'COPY public."users"; DROP TABLE users; --" ("id") FROM stdin;',
    ],
    ['a table outside the schema', 'COPY public."pg_authid" ("rolname") FROM stdin;\nx\n\\.'],
    ['an unknown column', 'COPY public."users" ("id", "password") FROM stdin;\n1\tx\n\\.'],
    ['data without its end', 'COPY public."app_meta" ("key", "value") FROM stdin;\nk\tv'],
    ['a sequence it does not have', 'SELECT pg_catalog.setval(\'public."nope"\', 5, true);'],
  ])('a dump.sql with %s is refused and rolled back', async (_what, line) => {
    const before = await counts(source);
    await expect(
      withSession(source.driver, { mode: 'write' }, (session) =>
        loadDump(session, Readable.from(`-- forged\n${line}`.split('\n'))),
      ),
    ).rejects.toThrow(/dump\.sql line \d+: /);
    expect(await counts(source)).toEqual(before);
  });

  it('a forged archive with correct checksums still restores nothing', async () => {
    const file = await forgedArchive('forged.tar.gz', 'DROP TABLE users;\n');
    const target = path.join(root, 'forged');
    await expect(
      restoreBackup(file, { kind: 'pglite', dataDir: target }, { replace: false }),
    ).rejects.toThrow(/dump\.sql line 1: is not a statement this format writes/);
    // The half-built database was never swapped in.
    expect(await readdir(target)).not.toContain('pglite');
  }, 60_000);
});
