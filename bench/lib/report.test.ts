import { describe, expect, it } from 'vitest';
import type { BrowserPageLoad } from './browser-bundle';
import {
  evaluateBudgets,
  overheadBudget,
  type BenchReport,
  type DatabaseRun,
  type ScenarioResult,
} from './report';
import type { LoadResult } from './stats';

const result = (p50: number): LoadResult => ({
  requests: 100,
  errors: 0,
  statusCodes: {},
  durationSeconds: 1,
  requestsPerSecond: 100,
  p50,
  p95: p50 * 1.5,
  p99: p50 * 2,
  max: p50 * 3,
});

const list = (name: string, server: number, direct: number): ScenarioResult => ({
  group: 'participant-list',
  name,
  server: result(server * 4),
  oneClient: { server: result(server), direct: result(direct), ratioP50: server / direct },
});

const page = (name: BrowserPageLoad['page'], gzipKb: number): BrowserPageLoad => ({
  page: name,
  path: `/${name}`,
  scripts: 3,
  gzipKb,
  transferKb: gzipKb * 0.8,
  files: [],
});

function report(
  databases: DatabaseRun[],
  browser: BrowserPageLoad[] = [],
): Omit<BenchReport, 'budgets'> {
  return {
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: '2026-11-27T10:09:00.000Z',
    wallSeconds: 540,
    phases: {},
    machine: { cpus: 2, cpuModel: 'test', memoryGb: 8, node: 'v22', platform: 'Linux' },
    load: {
      loadAverage: { min: 1, mean: 2, max: 3 },
      othersCpuShare: 0.12,
      benchCpuShare: 0.8,
      samples: 10,
      uptimeStart: '',
      uptimeEnd: '',
    },
    settings: { connections: 20, durationSeconds: 1, warmupSeconds: 0.25 },
    databases,
    browser,
  };
}

const budget = (budgets: ReturnType<typeof evaluateBudgets>, starts: string) => {
  const found = budgets.find((b) => b.name.startsWith(starts));
  if (!found) throw new Error(`no budget starting "${starts}"`);
  return found;
};

describe('overheadBudget', () => {
  it('passes when every query is within the limit, and states the median and range', () => {
    const b = overheadBudget(
      'x',
      1.5,
      [
        { name: 'a', ratioP50: 1.2 },
        { name: 'b', ratioP50: 1.5 },
        { name: 'c', ratioP50: 1.3 },
      ],
      'none',
    );
    expect(b.pass).toBe(true);
    expect(b.measured).toBe('median 1.30×, range 1.20×–1.50× over 3; worst 1.50× (b); 0 over');
  });

  it('fails when one query is over, and names it', () => {
    const b = overheadBudget(
      'x',
      1.5,
      [
        { name: 'a', ratioP50: 1.2 },
        { name: 'slow', ratioP50: 2.4 },
      ],
      'none',
    );
    expect(b.pass).toBe(false);
    expect(b.measured).toContain('worst 2.40× (slow); 1 over');
  });

  it('fails on a ratio that could not be computed rather than passing it', () => {
    expect(overheadBudget('x', 1.5, [{ name: 'a', ratioP50: Number.NaN }], 'none').pass).toBe(
      false,
    );
  });

  it('says why when nothing was measured, without a verdict', () => {
    expect(overheadBudget('x', 1.5, [], 'PGlite skipped')).toMatchObject({
      measured: 'PGlite skipped',
      pass: null,
    });
  });
});

describe('evaluateBudgets', () => {
  const postgres: DatabaseRun = {
    kind: 'postgres',
    label: 'PostgreSQL',
    participants: 100_000,
    scenarios: [list('sort=a', 3, 2.5), list('sort=b', 4, 2)],
    serverCost: {
      rounds: 5,
      secondsPerRound: 2,
      health: { p50: [0.3], cpuMs: [0.2, 0.2, 0.2, 0.2, 0.2], requests: 50 },
      list: { p50: [4], cpuMs: [1.2, 1.4, 1.6, 1.3, 2.9], requests: 50 },
    },
  };
  const pglite: DatabaseRun = {
    kind: 'pglite',
    label: 'PGlite',
    participants: 10_000,
    scenarios: [list('sort=a', 12, 10), list('sort=b', 11, 10)],
  };

  it('holds PostgreSQL and PGlite list calls each against their own replayed SQL', () => {
    const budgets = evaluateBudgets(report([postgres, pglite]));
    const onPostgres = budget(budgets, 'PostgreSQL, 100,000 participants: /api/user/list p50');
    expect(onPostgres).toMatchObject({ pass: false, limit: '≤ 1.5× in every sort/search/status' });
    expect(onPostgres.measured).toContain('worst 2.00× (sort=b); 1 over');
    const onPglite = budget(budgets, 'PGlite, 10,000 participants: /api/user/list p50');
    expect(onPglite.pass).toBe(true);
    expect(onPglite.measured).toContain('over 2');
  });

  it('judges the server CPU beyond the SQL by the median of the rounds against 1.5 ms', () => {
    const cpu = budget(
      evaluateBudgets(report([postgres, pglite])),
      'PostgreSQL, 100,000 participants, one client',
    );
    expect(cpu.limit).toBe('≤ 1.5 ms');
    expect(cpu.measured).toBe('1.40 (1.20–2.90) ms (/api/health 0.20 (0.20–0.20) ms)');
    expect(cpu.pass).toBe(true);
  });

  it('holds the three first loads to their own budgets', () => {
    const budgets = evaluateBudgets(
      report([], [page('login', 149.9), page('participants', 200.1), page('details', 259)]),
    );
    expect(budget(budgets, '/login first load')).toMatchObject({
      limit: '≤ 150 KB (KiB)',
      pass: true,
    });
    expect(budget(budgets, '/participants')).toMatchObject({
      limit: '≤ 200 KB (KiB)',
      pass: false,
    });
    expect(budget(budgets, "A participant's details page")).toMatchObject({
      limit: '≤ 260 KB (KiB)',
      pass: true,
    });
  });

  it('leaves out the withdrawn yardsticks: two processes and the list against /api/health', () => {
    const names = evaluateBudgets(report([postgres, pglite]))
      .map((b) => b.name)
      .join('\n');
    expect(names).not.toMatch(/two server processes|\/api\/health p50/i);
  });

  it('reports skipped databases without a verdict, and the wall time with the noise', () => {
    const budgets = evaluateBudgets(
      report([
        { kind: 'postgres', label: 'PostgreSQL', skipped: '--skip-postgres', scenarios: [] },
        { kind: 'pglite', label: 'PGlite', skipped: '--skip-pglite', scenarios: [] },
      ]),
    );
    expect(budget(budgets, 'PostgreSQL, 0 participants: /api/user/list').pass).toBeNull();
    expect(budget(budgets, 'PGlite, 0 participants').measured).toBe('PGlite skipped');
    expect(budget(budgets, 'Benchmark wall time')).toMatchObject({
      pass: true,
      measured: '9.0 min',
      note: 'other processes took 12% of the 2 cores',
    });
  });
});
