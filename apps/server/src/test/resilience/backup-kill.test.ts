import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { imagingFiles } from '#app/db/schema/imaging';
import { surgeries } from '#app/db/schema/surgery';
import { seedDemoData } from '#app/demo/seed-demo';
import { isPartialName } from '#app/features/backup/atomic-file';
import { verifyArchive } from '#app/features/backup/read-archive';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { repoRoot } from './server-process';
import { createServerData, type ServerData } from './test-database';

const BACKUP_KEY = 'resilience-tests-backup-key-0123456789abcdef';

/** Enough stored bytes that writing the archive takes a while: the kill lands inside it. */
const LARGE_FILE_BYTES = 48 * 1024 * 1024;

function startBackup(dataDir: string, out: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/backup.ts', '--out', out],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, BACKUP_KEY },
      stdio: 'pipe',
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

const sha256Of = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('a backup killed while it writes', () => {
  let data: ServerData | undefined;
  afterAll(async () => {
    await data?.remove();
  });

  it('leaves the earlier backups intact and nothing under a final name', async () => {
    data = await createServerData('pglite');
    const database = await data.open();
    try {
      await seedDemoData(database.db, { participants: 4 });
      const [surgery] = await database.db.select().from(surgeries).limit(1);
      if (!surgery) throw new Error('the demo seed made no surgery');
      const staged = await createDicomStore(data.dataDir).writeTemp(
        Readable.from([randomBytes(LARGE_FILE_BYTES)]),
      );
      await createDicomStore(data.dataDir).promote(staged);
      await database.db.insert(imagingFiles).values({
        userId: surgery.userId,
        surgeryId: surgery.id,
        originalName: 'large.dcm',
        contentSha256: staged.sha256,
        sizeBytes: staged.sizeBytes,
      });
    } finally {
      await database.close();
    }
    const backups = path.join(data.dataDir, 'backups');
    const earlier = path.join(backups, 'earlier.tar.gz');
    const first = startBackup(data.dataDir, earlier);
    expect(await first.exited, first.output()).toBe(0);
    const earlierSha = await sha256Of(earlier);

    const killed = path.join(backups, 'killed.tar.gz');
    const second = startBackup(data.dataDir, killed);
    // Kill as soon as the archive is being written under its temporary name.
    let partialSeen = false;
    const deadline = Date.now() + 120_000;
    while (!partialSeen && Date.now() < deadline && second.child.exitCode === null) {
      for (const name of await readdir(backups)) {
        if (!isPartialName(name)) continue;
        const info = await stat(path.join(backups, name)).catch(() => null);
        if (info && info.size > 0) partialSeen = true;
      }
      if (!partialSeen) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    second.child.kill('SIGKILL');
    await second.exited;
    expect(partialSeen, `the backup finished before it could be killed: ${second.output()}`).toBe(
      true,
    );

    const names = await readdir(backups);
    expect(names).not.toContain('killed.tar.gz');
    expect(names.filter((name) => !isPartialName(name))).toEqual(['earlier.tar.gz']);
    expect(await sha256Of(earlier)).toBe(earlierSha);
    const manifest = await verifyArchive(earlier, BACKUP_KEY);
    expect(manifest.entries.map((entry) => entry.size)).toContain(LARGE_FILE_BYTES);

    // The killed process's DATA_DIR lock is stale, and the next backup simply works.
    const third = startBackup(data.dataDir, killed);
    expect(await third.exited, third.output()).toBe(0);
    await verifyArchive(killed, BACKUP_KEY);
    await rm(killed);
  }, 300_000);
});
