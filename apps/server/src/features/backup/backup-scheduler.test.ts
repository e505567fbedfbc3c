import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#app/db/client';
import { createParticipant } from '#app/test/factories';
import { isPartialName } from './atomic-file';
import { writeBackup } from './backup-archive';
import { runScheduledBackup } from './backup-scheduler';
import { verifyArchive } from './read-archive';
import { openMigratedPglite } from '#app/test/migrated-pglite';

const KEY = 'the clinic backup key, kept in a password manager';
/** scrypt's cost is read from each file: these write cheap ones, the product 2^18 (backup-cli). */
const TEST_WORK_FACTOR = 10;
let root = '';
let database: DatabaseHandle;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rp-backup-schedule-'));
  database = await openMigratedPglite();
  await createParticipant(database.db);
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('keep the newest BACKUP_KEEP complete archives and clear what killed runs left', async () => {
    const dir = path.join(root, 'scheduled');
    const takeBackup = (out: NodeJS.WritableStream) =>
      writeBackup({ database, dataDir: root, out: out as never });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2031-03-01T02:00:00Z').getTime();
    const written: string[] = [];
    for (const hour of [0, 1, 2]) {
      vi.setSystemTime(start + hour * 3_600_000);
      if (hour === 2) {
        // What a kill leaves: a temporary file, one long ago and one from a run still going.
        await writeFile(path.join(dir, '.old.tar.gz.partial-aaaaaa'), 'half');
        const longAgo = new Date(start - 86_400_000);
        await utimes(path.join(dir, '.old.tar.gz.partial-aaaaaa'), longAgo, longAgo);
        await writeFile(path.join(dir, '.recent.tar.gz.partial-bbbbbb'), 'half');
        const minutesAgo = new Date(start + hour * 3_600_000 - 10 * 60_000);
        await utimes(path.join(dir, '.recent.tar.gz.partial-bbbbbb'), minutesAgo, minutesAgo);
      }
      written.push(
        path.basename(
          await runScheduledBackup({
            dir,
            keep: 2,
            key: KEY,
            takeBackup,
            workFactor: TEST_WORK_FACTOR,
          }),
        ),
      );
    }
    vi.useRealTimers();
    expect(written).toEqual([
      'recovery-portal-20310301T020000Z.tar.gz.age',
      'recovery-portal-20310301T030000Z.tar.gz.age',
      'recovery-portal-20310301T040000Z.tar.gz.age',
    ]);
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['.recent.tar.gz.partial-bbbbbb', ...written.slice(1)]);
    for (const name of written.slice(1)) await verifyArchive(path.join(dir, name), KEY);
  }, 60_000);

  it('a failed backup leaves no file under a final name and the earlier ones as they were', async () => {
    const dir = path.join(root, 'failing');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-02T02:00:00Z'));
    const good = await runScheduledBackup({
      dir,
      keep: 5,
      key: KEY,
      workFactor: TEST_WORK_FACTOR,
      takeBackup: (out) => writeBackup({ database, dataDir: root, out }),
    });
    vi.setSystemTime(new Date('2031-03-02T03:00:00Z'));
    await expect(
      runScheduledBackup({
        dir,
        keep: 5,
        key: KEY,
        workFactor: TEST_WORK_FACTOR,
        takeBackup: async (out) => {
          out.write('a partial archive');
          throw new Error('the disk filled up');
        },
      }),
    ).rejects.toThrow('the disk filled up');
    vi.useRealTimers();
    const names = await readdir(dir);
    expect(names.filter((name) => !isPartialName(name))).toEqual([path.basename(good)]);
    expect(names.filter(isPartialName)).toEqual([]);
    await verifyArchive(good, KEY);
  }, 60_000);

  it('prune the unencrypted archives earlier versions wrote, oldest first, and nothing else', async () => {
    const dir = path.join(root, 'upgraded');
    await mkdir(dir, { recursive: true });
    const earlier = [
      'recovery-portal-20310101T020000Z.tar.gz',
      'recovery-portal-20310102T020000Z.tar.gz',
    ];
    for (const name of [...earlier, 'clinic-export.tar.gz']) {
      await writeFile(path.join(dir, name), 'plaintext');
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-03T02:00:00Z'));
    const encrypted = await runScheduledBackup({
      dir,
      keep: 2,
      key: KEY,
      workFactor: TEST_WORK_FACTOR,
      takeBackup: (out) => writeBackup({ database, dataDir: root, out }),
    });
    vi.useRealTimers();
    expect((await readdir(dir)).sort()).toEqual([
      'clinic-export.tar.gz',
      earlier[1],
      path.basename(encrypted),
    ]);
    const bytes = await readFile(encrypted);
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(bytes.includes('recovery-portal-backup')).toBe(false);
    await verifyArchive(encrypted, KEY);
  }, 60_000);
});
