import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import { outbox } from '#app/db/schema/outbox';
import { surgeries } from '#app/db/schema/surgery';
import { users } from '#app/db/schema/users';
import { seedDemoData } from '#app/demo/seed-demo';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { buildDicom } from '#app/features/imaging/imaging.fixtures';
import { createStaff } from '#app/test/factories';
import { writeBackup } from './backup-archive';
import { openBackup, sealBackup } from './backup-crypto';
import { BackupArchiveError } from './backup-format';
import { loadDump, OUTBOX_BODY_LEFT_OUT } from './database-dump';
import { withSession } from './sql-session';
import { verifyArchive } from './read-archive';
import { restoreBackup, RestoreRefusedError } from './restore-backup';

const KEY = 'the clinic backup key, kept in a password manager';
/** scrypt's cost is read from each file: tests write cheap ones, the product 2^18. */
const TEST_WORK_FACTOR = 10;
/** A code still waiting in the outbox, as an invitation nobody has used yet leaves it. */
const PENDING_CODE = 'QZ7WK3MPXH';

let root = '';
let sourceDir = '';
let archive = '';
let source: DatabaseHandle;
const storedHashes: string[] = [];

/** Writes the tar.gz of these entries, as the format lays them out, to `out`. */
async function packEntries(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.bytes);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** The entries of a dump.sql and a manifest whose checksums are right for it. */
async function forgedEntries(dump: string) {
  const manifest = await verifyArchive(archive, KEY);
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
  return [
    { name: 'dump.sql', bytes },
    { name: 'manifest.json', bytes: Buffer.from(JSON.stringify(forged)) },
  ];
}

/** Seals a plaintext tar.gz with `key`, as only a holder of that key can. */
async function sealed(name: string, plain: Buffer, key = KEY): Promise<string> {
  const file = path.join(root, name);
  await sealBackup(
    key,
    createWriteStream(file),
    async (out) => {
      out.end(plain);
    },
    { workFactor: TEST_WORK_FACTOR },
  );
  return file;
}

/** The plaintext tar.gz inside the archive, read as a restore reads it. */
async function decrypted(file: string): Promise<Buffer> {
  return Buffer.concat(await (await openBackup(file, KEY)).toArray());
}

/** The permission bits of every file and folder under `dir`, `dir` included. */
async function treeModes(dir: string): Promise<Map<string, number>> {
  const modes = new Map([[dir, (await stat(dir)).mode & 0o777]]);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes.set(full, (await stat(full)).mode & 0o777);
  }
  return modes;
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
  // The third file is large and random: the archive spans several encrypted chunks.
  for (const content of [
    buildDicom({ instanceNumber: 1 }),
    buildDicom({ instanceNumber: 2 }),
    randomBytes(200_000),
  ]) {
    const staged = await store.writeTemp(Readable.from([content]));
    await store.promote(staged);
    storedHashes.push(staged.sha256);
    await source.db.insert(imagingFiles).values({
      userId: surgery.userId,
      surgeryId: surgery.id,
      originalName: `scan-${storedHashes.length}.dcm`,
      contentSha256: staged.sha256,
      sizeBytes: staged.sizeBytes,
    });
  }
  // A file no row refers to stays out of the backup.
  await store.promote(await store.writeTemp(Readable.from([Buffer.from('orphan')])));
  const invited = await createStaff(source.db);
  await source.db.insert(outbox).values({
    recipient: invited.email,
    subject: 'Welcome to Recovery Portal: set your password',
    text: `Your activation code is ${PENDING_CODE}.`,
    html: `<p>Your activation code is <strong>${PENDING_CODE}</strong>.</p>`,
  });
  archive = path.join(root, 'backup.tar.gz.age');
  await sealBackup(
    KEY,
    createWriteStream(archive),
    (out) => writeBackup({ database: source, dataDir: sourceDir, out }),
    { workFactor: TEST_WORK_FACTOR },
  );
}, 120_000);

afterAll(async () => {
  await source.close();
  await rm(root, { recursive: true, force: true });
});

describe('a backup of the embedded database', () => {
  it('lists every table, the referenced files with checksums, and nothing else', async () => {
    const manifest = await verifyArchive(archive, KEY);
    const expected = await counts(source);
    expect(manifest.source).toBe('pglite');
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBe(expected.users);
    expect(manifest.tables.find((table) => table.name === 'audit_log')?.rows).toBe(expected.audit);
    const files = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
    expect(files.map((entry) => entry.sha256).sort()).toEqual([...storedHashes].sort());
  });

  it('restores into a fresh DATA_DIR with the same rows and files, private to its owner', async () => {
    const target = path.join(root, 'restored');
    // A umask that would leave new files readable by everyone, as a shell often has.
    const umask = process.umask(0o022);
    let report;
    try {
      report = await restoreBackup(
        archive,
        { kind: 'pglite', dataDir: target },
        { replace: false, key: KEY },
      );
    } finally {
      process.umask(umask);
    }
    expect(report.files.map((file) => file.sha256).sort()).toEqual([...storedHashes].sort());
    const modes = await treeModes(target);
    expect(modes.get(target)).toBe(0o700);
    expect(modes.get(path.join(target, 'pglite', 'PG_VERSION'))).toBe(0o600);
    for (const [entry, mode] of modes) {
      expect([entry, mode]).toEqual([entry, (await stat(entry)).isDirectory() ? 0o700 : 0o600]);
    }
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
      expect(row?.id).toBeGreaterThan(3);
      // Who was mailed what stays; the body, which carried a working code, does not.
      const mail = await restored.db.select().from(outbox);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ text: OUTBOX_BODY_LEFT_OUT, html: null });
      expect(mail[0]?.subject).toMatch(/set your password/);
    } finally {
      await restored.close();
    }
    await expect(
      restoreBackup(archive, { kind: 'pglite', dataDir: target }, { replace: false, key: KEY }),
    ).rejects.toThrow(RestoreRefusedError);
    const replaced = await restoreBackup(
      archive,
      { kind: 'pglite', dataDir: target },
      { replace: true, key: KEY },
    );
    expect(replaced.tables).toEqual((await verifyArchive(archive, KEY)).tables);
  }, 120_000);

  it('a restore into memory reports the row counts and the files it checked', async () => {
    const report = await restoreBackup(
      archive,
      { kind: 'pglite-memory', dataDir: path.join(root, 'verify') },
      { replace: false, key: KEY },
    );
    expect(report.tables).toEqual(report.manifest.tables);
    expect(report.files).toHaveLength(3);
  }, 60_000);

  it('holds no name, email, password hash or mailed code in readable form', async () => {
    const [participant] = await source.db
      .select()
      .from(users)
      .where(eq(users.role, 'PARTICIPANT'))
      .limit(1);
    const [staff] = await source.db
      .select()
      .from(users)
      .where(eq(users.role, 'CLINICIAN'))
      .limit(1);
    const secrets = [
      participant?.email ?? '-',
      `${participant?.firstName}\t${participant?.lastName}`,
      staff?.passwordHash?.slice(0, 24) ?? '-',
      '$argon2id$',
      PENDING_CODE,
    ];
    // The plaintext holds them (but the code): the test looks for the right strings.
    const inside = gunzipSync(await decrypted(archive)).toString('latin1');
    for (const secret of secrets.slice(0, 4)) expect(inside).toContain(secret);
    expect(inside).not.toContain(PENDING_CODE);
    const bytes = await readFile(archive);
    for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect(() => gunzipSync(bytes)).toThrow();
  });

  it('opens only with its key, and without it says so', async () => {
    await expect(verifyArchive(archive, 'another key, long enough to be a key')).rejects.toThrow(
      /does not open with this BACKUP_KEY: it was encrypted with another key/,
    );
  });

  it('refuses a changed byte anywhere, a cut anywhere, or bytes added, before touching the target', async () => {
    const bytes = await readFile(archive);
    const headerEnd = bytes.indexOf('\n---') + 1;
    const macEnd = bytes.indexOf('\n', headerEnd) + 1;
    const chunk = 64 * 1024 + 16;
    const payload = macEnd + 16;
    // Several chunks, so a cut at a chunk boundary leaves chunks that each authenticate.
    expect(bytes.length).toBeGreaterThan(payload + 2 * chunk);
    const damaged: Buffer[] = [];
    for (const at of [
      0,
      30,
      headerEnd + 6,
      macEnd + 3,
      payload,
      payload + chunk + 9,
      bytes.length - 1,
    ]) {
      const flipped = Buffer.from(bytes);
      flipped[at] = (flipped[at] ?? 0) ^ 0x01;
      damaged.push(flipped);
    }
    for (const length of [
      macEnd,
      payload,
      payload + chunk,
      payload + 2 * chunk,
      bytes.length - 1,
    ]) {
      damaged.push(bytes.subarray(0, length));
    }
    damaged.push(Buffer.concat([bytes, Buffer.from([0])]));
    const target = path.join(root, 'never-written');
    for (const [index, content] of damaged.entries()) {
      const file = path.join(root, `damaged-${index}.age`);
      await writeFile(file, content);
      await expect(
        restoreBackup(file, { kind: 'pglite', dataDir: target }, { replace: true, key: KEY }),
        `damaged archive ${index}`,
      ).rejects.toThrow(
        /is not an encrypted Recovery Portal backup|does not open with this BACKUP_KEY|is damaged, cut short or altered/,
      );
    }
    await expect(readdir(target)).rejects.toThrow();
  }, 60_000);

  it('refuses an unencrypted archive with a recomputed manifest, as earlier versions wrote them', async () => {
    const file = path.join(root, 'forged.tar.gz');
    await writeFile(file, await packEntries(await forgedEntries('-- an attacker\n')));
    await expect(verifyArchive(file, KEY)).rejects.toThrow(
      /is not an encrypted Recovery Portal backup/,
    );
    // Sealed with a key of the attacker's own, it does not open with the clinic's.
    const other = await sealed(
      'forged-other-key.age',
      await packEntries(await forgedEntries('-- an attacker\n')),
      'the attacker own passphrase, long enough',
    );
    await expect(verifyArchive(other, KEY)).rejects.toThrow(/does not open with this BACKUP_KEY/);
    await expect(verifyArchive(path.join(root, 'nothing-here.age'), KEY)).rejects.toThrow(
      BackupArchiveError,
    );
  });

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

  it('an archive sealed with the key but a hostile dump.sql still restores nothing', async () => {
    const file = await sealed(
      'hostile.age',
      await packEntries(await forgedEntries('DROP TABLE users;\n')),
    );
    const target = path.join(root, 'forged');
    await expect(
      restoreBackup(file, { kind: 'pglite', dataDir: target }, { replace: false, key: KEY }),
    ).rejects.toThrow(/dump\.sql line 1: is not a statement this format writes/);
    // The half-built database was never swapped in.
    expect(await readdir(target)).not.toContain('pglite');
  }, 60_000);
});
