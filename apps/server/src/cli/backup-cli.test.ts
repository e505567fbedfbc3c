import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config';
import { openDatabase } from '#app/db/client';
import { createParticipant } from '#app/test/factories';
import { MISSING_BACKUP_KEY } from './cli-support';

const run = promisify(execFile);
const KEY = 'the clinic backup key, kept in a password manager';

/** Runs a backup command as `npm run …` does, with only the environment given. */
function cli(script: string, args: string[], env: Record<string, string>) {
  return run(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(`./${script}.ts`, import.meta.url)), ...args],
    { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
  );
}

let root = '';
let dataDir = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rp-backup-cli-'));
  dataDir = path.join(root, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    await createParticipant(database.db);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('backup commands and BACKUP_KEY', () => {
  it('backup, backup:verify and restore refuse to run without the key, saying why', async () => {
    const out = path.join(root, 'never.tar.gz.age');
    await expect(cli('backup', ['--out', out], { DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 1,
      stderr: `${MISSING_BACKUP_KEY.write}\n`,
    });
    await expect(readdir(root)).resolves.not.toContain('never.tar.gz.age');
    for (const script of ['backup-verify', 'restore']) {
      await expect(cli(script, [out], { DATA_DIR: dataDir })).rejects.toMatchObject({
        code: 1,
        stderr: `${MISSING_BACKUP_KEY.read}\n`,
      });
    }
  }, 120_000);

  it('backup:key prints a new key that BACKUP_KEY accepts, with where to keep it', async () => {
    const { stdout } = await cli('backup-key', [], {});
    const key = /BACKUP_KEY=(\S+)/.exec(stdout)?.[1] ?? '';
    expect(loadConfig({ BACKUP_KEY: key }).backup.key).toBe(key);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(stdout).toMatch(/never in DATA_DIR or beside the backups/);
  }, 60_000);

  it('an operator backs up, verifies and restores with the key, into a DATA_DIR only its owner can open', async () => {
    const archive = path.join(root, 'clinic.tar.gz.age');
    const made = await cli('backup', ['--out', archive], { DATA_DIR: dataDir, BACKUP_KEY: KEY });
    expect(made.stdout).toMatch(/encrypted with BACKUP_KEY/);
    await expect(
      cli('backup-verify', [archive], { BACKUP_KEY: 'another key, long enough to be one' }),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/does not open with this BACKUP_KEY/) as unknown,
    });
    const verified = await cli('backup-verify', [archive], { BACKUP_KEY: KEY });
    expect(verified.stdout).toMatch(/complete and unaltered/);

    const target = path.join(root, 'restored');
    // The shell's usual umask would leave new files readable by everyone.
    const umask = process.umask(0o022);
    try {
      await cli('restore', [archive], { DATA_DIR: target, BACKUP_KEY: KEY });
    } finally {
      process.umask(umask);
    }
    const entries = await readdir(target, { recursive: true, withFileTypes: true });
    expect(entries.length).toBeGreaterThan(10);
    expect((await stat(target)).mode & 0o777).toBe(0o700);
    for (const entry of entries) {
      const mode = (await stat(path.join(entry.parentPath, entry.name))).mode & 0o777;
      expect([entry.name, mode]).toEqual([entry.name, entry.isDirectory() ? 0o700 : 0o600]);
    }
  }, 300_000);
});
