import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client';
import { findUserByEmail } from '#app/core/staff-accounts/staff-accounts.repository';
import { verifyPassword } from '#app/core/staff-accounts/passwords';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./create-user.ts', import.meta.url));

// Each case starts a Node process that opens and migrates a database: tens of seconds on a busy
// 2-core machine, so the default 20 s is too tight to mean anything here.
describe('npm run user:create', { timeout: 90_000 }, () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rp-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const createUser = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });

  it('an operator creates an administrator who can then sign in with that password', async () => {
    const { stdout } = await createUser([
      '--role',
      'ADMINISTRATOR',
      '--email',
      'IT@Clinic.example',
      '--password',
      'a long passphrase',
    ]);
    expect(stdout).toMatch(/Created ADMINISTRATOR it@clinic\.example/);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const user = await findUserByEmail(database.db, 'it@clinic.example');
      expect(user).toMatchObject({ role: 'ADMINISTRATOR', status: 'ACTIVATED' });
      expect(await verifyPassword(user?.passwordHash ?? null, 'a long passphrase')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a bad role, a short or common password and a duplicate email with a clear message', async () => {
    await expect(
      createUser([
        '--role',
        'PARTICIPANT',
        '--email',
        'a@clinic.example',
        '--password',
        'long enough',
      ]),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/--role/) });
    await expect(
      createUser(['--role', 'CLINICIAN', '--email', 'b@clinic.example', '--password', 'short']),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/--password.*at least 12/) });
    await expect(
      createUser([
        '--role',
        'CLINICIAN',
        '--email',
        'b@clinic.example',
        '--password',
        'password1234',
      ]),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/--password: Password is too easy to guess: it is close to/),
    });
    await expect(
      createUser([
        '--role',
        'CLINICIAN',
        '--email',
        'it@clinic.example',
        '--password',
        'a long passphrase',
      ]),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/already exists/) });
  });
});
