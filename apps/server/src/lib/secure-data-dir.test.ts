import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client';
import { restrictTree, secureDataDir } from './secure-data-dir';

const originalUmask = process.umask();
let base: string | undefined;

afterEach(async () => {
  process.umask(originalUmask);
  if (base) await rm(base, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the data folder', () => {
  it('is created 0700, and the embedded database files in it are 0600', async () => {
    process.umask(0o022);
    base = await mkdtemp(path.join(tmpdir(), 'rp-perm-'));
    const dataDir = await secureDataDir(path.join(base, 'data'));
    expect(await modeOf(dataDir)).toBe(0o700);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await restrictTree(dataDir);
    await database.close();
    expect(await modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(0o600);
    await writeFile(path.join(dataDir, 'secrets.json'), '{}');
    expect(await modeOf(path.join(dataDir, 'secrets.json'))).toBe(0o600);
  }, 120_000);

  it('an existing folder readable by everyone is closed', async () => {
    process.umask(0o022);
    base = await mkdtemp(path.join(tmpdir(), 'rp-perm-'));
    const dataDir = path.join(base, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    expect(await modeOf(dataDir)).toBe(0o755);
    await secureDataDir(dataDir);
    expect(await modeOf(dataDir)).toBe(0o700);
  });
});
