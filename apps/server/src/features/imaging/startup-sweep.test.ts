import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#app/test/build-test-app';

let testApp: TestApp | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await testApp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('partial uploads left by a crash', () => {
  it('are removed when the server starts, while one still being written is kept', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rp-sweep-'));
    const tmp = path.join(dataDir, 'files', 'tmp');
    await mkdir(tmp, { recursive: true });
    const crashed = path.join(tmp, 'crashed-upload.part');
    const running = path.join(tmp, 'running-upload.part');
    await writeFile(crashed, 'half a scan');
    await writeFile(running, 'still arriving');
    // The crash was two minutes ago; far less than the periodic sweep's 24 hours.
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await utimes(crashed, twoMinutesAgo, twoMinutesAgo);
    // File times follow the operating system's clock, not the tests' pinned one: set this too.
    await utimes(running, new Date(), new Date());

    testApp = await buildTestApp({ DATA_DIR: dataDir });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(running)).toBe(true);
    // Opening a database takes seconds on a busy machine.
  }, 120_000);
});
