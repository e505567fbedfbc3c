import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#app/test/resilience/server-process';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-then-exit.ts');
const EXIT_AFTER_MS = 4000;

/**
 * Runs a process that logs as the server does (log-then-exit.ts): each line of its standard
 * output as it arrives, with when it arrived, and when the process ended.
 */
async function runLogger() {
  const started = spawn(process.execPath, ['--import', 'tsx', child], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', EXIT_AFTER_MS: String(EXIT_AFTER_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: { msg: string; at: number }[] = [];
  let pending = '';
  started.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      const { msg } = JSON.parse(line) as { msg: unknown };
      lines.push({ msg: String(msg), at: performance.now() });
    }
  });
  const code = await new Promise<number | null>((resolve) => started.once('close', resolve));
  return { code, lines, endedAt: performance.now() };
}

describe('the server log on standard output, written in batches', () => {
  it('a line comes out within about a second while the process runs, and the last lines when it exits', async () => {
    const { code, lines, endedAt } = await runLogger();
    expect(code).toBe(0);
    expect(lines.map((line) => line.msg)).toEqual([
      'logged while running',
      'logged just before exit',
    ]);
    // The first line was not held until the batch filled or the process ended.
    const [first] = lines;
    expect(endedAt - (first?.at ?? endedAt)).toBeGreaterThan(EXIT_AFTER_MS / 2);
  }, 30_000);
});
