import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { imagingFileListSchema, IMAGING_PATHS } from '@recovery-portal/contract/imaging';
import { DEFAULT_PARTICIPANT_LIST_QUERY } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { surgeries } from '#app/db/schema/surgery';
import { seedDemoData } from '#app/demo/seed-demo';
import { buildDicom, multipartBody } from '#app/features/imaging/imaging.fixtures';
import { call, dataOf, login } from './http-client';
import { repoRoot, startServer, type ServerProcess } from './server-process';
import { addStaff, createServerData, postgresAdminUrl, type ServerData } from './test-database';

const run = promisify(execFile);

const BACKUP_KEY = 'resilience-tests-backup-key-0123456789abcdef';

/** Runs one of the package's CLIs as `npm run backup` / `npm run restore` do. */
function cli(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', BACKUP_KEY, ...env },
    timeout: 180_000,
  });
}

/** What a clinic sees, read through the API: must be identical before and after the move. */
async function observe(
  server: ServerProcess,
  token: string,
  participantId: number,
  surgeryId: number,
) {
  const list = dataOf(
    await call(server.url, 'POST', API_PATHS.user.list, {
      token,
      json: DEFAULT_PARTICIPANT_LIST_QUERY,
    }),
  );
  const details = dataOf(
    await call(server.url, 'GET', API_PATHS.user.profile(participantId), { token }),
  );
  const flags = dataOf(await call(server.url, 'POST', API_PATHS.flags.list, { token, json: {} }));
  const images = imagingFileListSchema.parse(
    dataOf(
      await call(
        server.url,
        'GET',
        `${API_PATHS.surgery.dicomList}?user_id=${participantId}&surgery_id=${surgeryId}`,
        { token },
      ),
    ),
  );
  const checksums: Record<number, string> = {};
  for (const image of images) {
    const response = await fetch(`${server.url}${IMAGING_PATHS.file}?image_id=${image.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    checksums[image.id] = createHash('sha256').update(bytes).digest('hex');
  }
  return { list, details, flags, images, checksums };
}

async function auditRows(data: ServerData): Promise<number> {
  const database = await data.open();
  try {
    const [row] = await database.db.select({ n: count() }).from(auditLog);
    return row?.n ?? -1;
  } finally {
    await database.close();
  }
}

/**
 * Moving from the embedded database to PostgreSQL is a backup followed by a restore: seed
 * PGlite, upload images, back it up while the server runs, restore into a real PostgreSQL
 * database, start the server there and compare what staff see. PostgreSQL only (CI sets
 * TEST_DATABASE_URL).
 */
describe.skipIf(!postgresAdminUrl)('moving from the embedded database to PostgreSQL', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('a backup of PGlite restored into PostgreSQL serves the same participants, flags, audit rows and images', async () => {
    const embedded = await createServerData('pglite');
    cleanup.push(() => embedded.remove());
    const seeding = await embedded.open();
    const surgery = await seedDemoData(seeding.db, { participants: 8 })
      .then(() => seeding.db.select().from(surgeries).orderBy(surgeries.id).limit(1))
      .finally(() => seeding.close());
    const participantId = surgery[0]?.userId ?? 0;
    const surgeryId = surgery[0]?.id ?? 0;
    expect(surgeryId).toBeGreaterThan(0);
    const [clinician] = await addStaff(embedded, ['CLINICIAN']);
    if (!clinician) throw new Error('no clinician');

    const before = await startServer({ dataDir: embedded.dataDir });
    cleanup.push(() => before.kill());
    const session = await login(before.url, clinician.email, clinician.password);
    for (const instanceNumber of [1, 2, 3]) {
      const upload = await call(before.url, 'POST', API_PATHS.surgery.dicom, {
        token: session.access_token,
        raw: multipartBody([
          { name: 'user_id', value: String(participantId) },
          { name: 'surgery_id', value: String(surgeryId) },
          {
            name: 'files',
            filename: `knee-${instanceNumber}.dcm`,
            content: buildDicom({ rows: 4, columns: 4, instanceNumber }),
          },
        ]),
      });
      expect(upload.status).toBe(200);
    }
    const seen = await observe(before, session.access_token, participantId, surgeryId);
    expect(seen.images).toHaveLength(3);

    // Taken by the running server: PGlite cannot be opened by a second process.
    const archive = path.join(
      embedded.dataDir,
      '..',
      `${path.basename(embedded.dataDir)}.tar.gz.age`,
    );
    cleanup.push(() => rm(archive, { force: true }));
    const backup = await cli('backup', ['--out', archive], { DATA_DIR: embedded.dataDir });
    expect(backup.stdout).toMatch(/taken by the running server/);
    await before.stop();
    const auditBefore = await auditRows(embedded);

    const postgres = await createServerData('postgres');
    cleanup.push(() => postgres.remove());
    const movedDir = await mkdtemp(path.join(tmpdir(), 'rp-moved-'));
    cleanup.push(() => rm(movedDir, { recursive: true, force: true }));
    const target = { DATA_DIR: movedDir, DATABASE_URL: postgres.databaseUrl ?? '' };
    await cli('restore', [archive], target);
    // A second restore would overwrite the clinic's data: refused without --replace.
    await expect(cli('restore', [archive], target)).rejects.toMatchObject({
      stderr: expect.stringMatching(/already holds data.*--replace/) as unknown,
    });
    expect(await auditRows(postgres)).toBe(auditBefore);

    const after = await startServer({ dataDir: movedDir, databaseUrl: postgres.databaseUrl });
    cleanup.push(() => after.kill());
    const again = await login(after.url, clinician.email, clinician.password);
    const moved = await observe(after, again.access_token, participantId, surgeryId);
    expect(moved.list).toEqual(seen.list);
    expect(moved.details).toEqual(seen.details);
    expect(moved.flags).toEqual(seen.flags);
    expect(moved.images).toEqual(seen.images);
    expect(moved.checksums).toEqual(seen.checksums);
    for (const image of seen.images) expect(moved.checksums[image.id]).toBe(image.content_sha256);

    // On PostgreSQL the command reads the database itself while the server keeps serving;
    // backup:verify restores that archive into a throw-away target and reports what it found.
    const fromPostgres = path.join(movedDir, 'from-postgres.tar.gz.age');
    await cli('backup', ['--out', fromPostgres], target);
    const verified = await cli('backup-verify', [fromPostgres], {});
    expect(verified.stdout).toMatch(/from postgres/);
    expect(verified.stdout).toMatch(/3 stored files restored, each matching its SHA-256/);
    for (const image of seen.images) expect(verified.stdout).toContain(image.content_sha256);
    expect(verified.stdout).toMatch(/every row count and checksum matches/);
  }, 600_000);
});
