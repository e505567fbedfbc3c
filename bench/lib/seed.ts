import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

export type SeedVolume = 'full' | 'light' | 'minimal';

export interface SeedResult {
  participants: number;
  volume: SeedVolume;
  /** Wall time of the whole seeding command, start-up and migrations included. */
  seconds: number;
  /** Rows written per table, as the seeder reported them. */
  rows: Record<string, number>;
  /** Seconds the participant_stats refresh took (the server repeats it at start). */
  statsRefreshSeconds: number | null;
  /** Seconds the first triage scan of everything seeded took (the seeder runs it last). */
  triageScanSeconds: number | null;
}

/**
 * Fills the database the environment names with the demo generator at scale
 * (apps/server/src/cli/seed-scale.ts), echoing its progress lines.
 */
export function seedDatabase(options: {
  env: Record<string, string>;
  participants: number;
  volume: SeedVolume;
  label: string;
}): Promise<SeedResult> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/seed-scale.ts',
      '--participants',
      String(options.participants),
      '--volume',
      options.volume,
    ],
    {
      cwd: repoRoot,
      // No statement timeout: the seeder's closing vacuum of ten million rows is no request, and
      // on a busy machine it outlasts the server's default limit.
      env: {
        ...process.env,
        ...options.env,
        LOG_LEVEL: 'warn',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const rows: Record<string, number> = {};
  let statsRefreshSeconds: number | null = null;
  let triageScanSeconds: number | null = null;
  const errors: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    process.stdout.write(`  [${options.label}] ${line}\n`);
    const row = /^\s+(\w+)\s+([\d,]+) rows$/.exec(line);
    if (row?.[1] && row[2]) rows[row[1]] = Number(row[2].replaceAll(',', ''));
    const refresh = /^participant_stats refresh: ([\d.]+) s$/.exec(line);
    if (refresh?.[1]) statsRefreshSeconds = Number(refresh[1]);
    const scan = /^triage scan: ([\d.]+) s/.exec(line);
    if (scan?.[1]) triageScanSeconds = Number(scan[1]);
  });
  createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`seeding ${options.label} failed (exit ${code}): ${errors.join('\n')}`));
        return;
      }
      resolve({
        participants: options.participants,
        volume: options.volume,
        seconds: (performance.now() - started) / 1000,
        rows,
        statsRefreshSeconds,
        triageScanSeconds,
      });
    });
  });
}
