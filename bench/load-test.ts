// `npm run load`: the issue-8 load evidence. Builds what is stale, seeds a PostgreSQL database
// with a few thousand generated participants, starts the built server on it, signs in one session
// per simulated client, then holds the clients on the participant list and details routes for
// the given duration, several times over. It fails (exit 1) on any error, any non-2xx answer or
// any timeout, and when the server's resident memory keeps growing from run to run.
//
// PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL names a server on which a throw-away database
// is created (and dropped afterwards); without either, a throw-away cluster is started from the
// installed PostgreSQL as .ci/run does. `npm run load -- --help` lists the options.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  DEFAULT_PARTICIPANT_LIST_QUERY,
  type ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { benchClinician, signIn, type SessionHeaders } from './lib/api-session';
import type { ApiCall } from './lib/http-load';
import { log } from './lib/log';
import { repoRoot, resultsDir } from './lib/paths';
import { findPostgresBin, startThrowawayCluster } from './lib/postgres-cluster';
import { coachListScenarios, detailsScenarios, nudgeListScenarios } from './lib/scenarios';
import { seedDatabase } from './lib/seed';
import { startServer } from './lib/server-process';
import { percentile } from './lib/stats';

const USAGE = `Usage: npm run load -- [options]
  --clients N        concurrent clients, each with its own session and connection (default 100)
  --duration S       seconds per measured run (default 60)
  --runs N           measured runs; the server's memory is read after each (default 3)
  --warmup S         unmeasured seconds before the first run (default 10)
  --participants N   generated participants (default 3000)
  --rss-tolerance-mib N  allowed growth of resident memory from the first run to the last,
                     in MiB; the allowance is this or 10 % of the first reading, the larger
                     (default 48)`;

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '10' },
    participants: { type: 'string', default: '3000' },
    'rss-tolerance-mib': { type: 'string', default: '48' },
    help: { type: 'boolean', default: false },
  },
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`--${name} must be a positive number\n${USAGE}`);
  }
  return number;
}

/** Undo steps, run in reverse on exit, Ctrl-C included. */
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      process.stderr.write(`cleanup: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the server and the database…\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The server's resident memory in MiB, from /proc (Linux). */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib) / 1024;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Builds what is stale, as `npm start` does, then copies the server bundle next to the
 * original (inside the repository, so its packages resolve) so that a rebuild in another
 * terminal cannot change what is measured.
 */
async function snapshotBuild(): Promise<string> {
  // A plain .mjs script without type declarations: loaded by URL, typed by hand.
  const buildScript = pathToFileURL(path.join(repoRoot, 'scripts/build.mjs')).href;
  const { buildAll } = (await import(buildScript)) as { buildAll: () => Promise<void> };
  await buildAll();
  const snapshot = path.join(resultsDir, `.load-build-${process.pid}`);
  rmSync(snapshot, { recursive: true, force: true });
  cpSync(path.join(repoRoot, 'apps/server/dist'), path.join(snapshot, 'apps/server/dist'), {
    recursive: true,
  });
  cleanups.push(() => rmSync(snapshot, { recursive: true, force: true }));
  return path.join(snapshot, 'apps/server/dist/server.js');
}

interface LoadDatabase {
  url: string;
  where: string;
  /** Turns durable commits on after the bulk load (a throw-away cluster starts with fsync off). */
  makeDurable(): Promise<void>;
}

/** A database of its own: on the named server, or on a throw-away cluster. */
async function provideDatabase(): Promise<LoadDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  let adminUrl: string;
  let where: string;
  let makeDurable = async () => {};
  if (serverUrl) {
    adminUrl = serverUrl;
    where = process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'DATABASE_URL';
  } else {
    const bin = findPostgresBin();
    if (!bin) {
      throw new Error(
        'No PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL), or install PostgreSQL.',
      );
    }
    const cluster = await startThrowawayCluster(bin);
    cleanups.push(() => cluster.stop());
    adminUrl = cluster.url;
    where = `PostgreSQL ${cluster.version}, throw-away cluster`;
    makeDurable = () => cluster.makeDurable();
  }
  const name = `rp_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), where, makeDurable };
}

/**
 * The mix the clients send, round robin from a different starting point each: the participant
 * list (two sorts), the nudge and coach lists, and the five calls the participant details page
 * makes, spread over 50 participants. About 2 in 7 calls are lists.
 */
async function callMix(baseUrl: string, headers: SessionHeaders): Promise<ApiCall[]> {
  const listCall = (body: object): ApiCall => ({
    method: 'POST',
    path: API_PATHS.user.list,
    body: { ...DEFAULT_PARTICIPANT_LIST_QUERY, ...body },
  });
  const response = await fetch(`${baseUrl}${API_PATHS.user.list}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEFAULT_PARTICIPANT_LIST_QUERY, status: 'ACTIVATED', page_size: 50 }),
  });
  if (!response.ok) throw new Error(`${API_PATHS.user.list} answered HTTP ${response.status}`);
  const page = ((await response.json()) as { _data: ParticipantListResponse })._data;
  const ids = page.users.map((user) => user.id);
  if (ids.length === 0) throw new Error('the seeded database has no active participants');
  const lists: ApiCall[] = [
    listCall({}),
    listCall({ orderBy: 'last_app_open', orderDirection: 'desc' }),
    ...nudgeListScenarios(false).flatMap((scenario) => scenario.calls),
    ...coachListScenarios(false).flatMap((scenario) => scenario.calls),
  ];
  const details = detailsScenarios(ids).map((scenario) => scenario.calls);
  const calls: ApiCall[] = [];
  ids.forEach((_, index) => {
    calls.push(lists[(2 * index) % lists.length] ?? listCall({}));
    calls.push(lists[(2 * index + 1) % lists.length] ?? listCall({}));
    for (const perParticipant of details) {
      const call = perParticipant[index];
      if (call) calls.push(call);
    }
  });
  return calls;
}

interface RunResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: Record<string, number>;
  /** A few failed calls with their answers, to say what went wrong. */
  failedExamples: string[];
  rssMiB: number;
}

/**
 * One autocannon instance per client (one connection, its own session's headers), all started
 * together, so that each simulated clinician really is one connection with one session.
 */
async function holdClients(
  baseUrl: string,
  sessions: readonly SessionHeaders[],
  calls: readonly ApiCall[],
  seconds: number,
): Promise<Omit<RunResult, 'rssMiB'>> {
  const latencies: number[] = [];
  const non2xx: Record<string, number> = {};
  const failedExamples: string[] = [];
  const started = performance.now();
  const results = await Promise.all(
    sessions.map(
      (headers, client) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          let next = Math.floor((client * calls.length) / sessions.length);
          // One connection without pipelining: an answer belongs to the call sent last.
          let current: ApiCall | undefined;
          const instance = autocannon(
            {
              url: baseUrl,
              connections: 1,
              duration: seconds,
              headers,
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const call = calls[next % calls.length] ?? calls[0];
                    next += 1;
                    current = call;
                    if (!call) return request;
                    request.method = call.method;
                    request.path = call.path;
                    // Fresh headers every time: autocannon writes Content-Length into the
                    // request's headers object, and a stale one would follow a POST onto a GET.
                    if (call.body === undefined) {
                      request.headers = { ...headers };
                      delete request.body;
                    } else {
                      request.headers = { ...headers, 'content-type': 'application/json' };
                      request.body = JSON.stringify(call.body);
                    }
                    return request;
                  },
                  onResponse: (status: number, body: string) => {
                    if ((status < 200 || status >= 300) && failedExamples.length < 5) {
                      failedExamples.push(
                        `${status} ${current?.method} ${current?.path}: ${body.slice(0, 200)}`,
                      );
                    }
                  },
                },
              ],
            },
            (error: unknown, result) => {
              if (error) reject(error instanceof Error ? error : new Error(String(error)));
              else resolve(result);
            },
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
            else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
          });
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  return {
    requests,
    requestsPerSecond: requests / elapsed,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    non2xx,
    failedExamples,
  };
}

async function main(): Promise<boolean> {
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return true;
  }
  const clients = positive('clients', args.clients);
  const duration = positive('duration', args.duration);
  const runs = positive('runs', args.runs);
  const warmup = positive('warmup', args.warmup);
  const participants = positive('participants', args.participants);
  const toleranceMiB = positive('rss-tolerance-mib', args['rss-tolerance-mib']);
  log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);

  const serverScript = await snapshotBuild();
  const database = await provideDatabase();
  log(`Database: ${database.where}; seeding ${participants} participants…`);
  const seed = await seedDatabase({
    env: { DATABASE_URL: database.url },
    participants,
    volume: 'light',
    label: 'load seed',
  });
  log(`Seeded in ${seed.seconds.toFixed(1)} s`);
  // Commits cost what they cost in production from before the server starts.
  await database.makeDurable();

  const logDir = mkdtempSync(path.join(os.tmpdir(), 'rp-load-'));
  cleanups.push(() => rmSync(logDir, { recursive: true, force: true }));
  const server = await startServer({
    serverScript,
    dataDir: logDir,
    databaseUrl: database.url,
    logDir,
    label: 'load',
  });
  cleanups.push(() => server.stop());
  log(`Server up at ${server.url} (pid ${server.pid}); signing in ${clients} sessions…`);

  // Successful sign-ins never count towards the login throttle; a few at a time keeps the
  // argon2 verification from queuing behind itself.
  const sessions: SessionHeaders[] = [];
  while (sessions.length < clients) {
    const batch = Math.min(4, clients - sessions.length);
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => signIn(server.url, benchClinician())),
      )),
    );
  }
  const calls = await callMix(server.url, sessions[0] ?? {});
  log(`${calls.length} distinct calls in the mix; warming up for ${warmup} s`);
  await holdClients(server.url, sessions, calls, warmup);

  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const result = await holdClients(server.url, sessions, calls, duration);
    // Let in-flight work (audit rows, sockets closing) settle before reading memory.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const measured = { ...result, rssMiB: residentMiB(server.pid) };
    results.push(measured);
    log(
      `run ${run}/${runs}: ${measured.requests} requests, ${measured.requestsPerSecond.toFixed(0)}/s, p50 ${ms(measured.p50)}, p95 ${ms(measured.p95)}, p99 ${ms(measured.p99)}, max ${ms(measured.max)}, errors ${measured.errors}, timeouts ${measured.timeouts}, non-2xx ${JSON.stringify(measured.non2xx)}, RSS ${measured.rssMiB.toFixed(1)} MiB; load average ${loadAverage()}`,
    );
    for (const example of measured.failedExamples) log(`  failed: ${example}`);
  }

  const failures: string[] = [];
  results.forEach((result, index) => {
    const non2xx = Object.values(result.non2xx).reduce((sum, n) => sum + n, 0);
    if (result.errors > 0 || result.timeouts > 0 || non2xx > 0) {
      failures.push(
        `run ${index + 1}: ${result.errors} errors, ${result.timeouts} timeouts, ${non2xx} non-2xx answers`,
      );
    }
  });
  const firstRss = results[0]?.rssMiB ?? 0;
  const lastRss = results.at(-1)?.rssMiB ?? 0;
  const allowance = Math.max(toleranceMiB, firstRss * 0.1);
  const rising = results.every(
    (result, index) => index === 0 || result.rssMiB > (results[index - 1]?.rssMiB ?? 0),
  );
  if (results.length > 1 && rising && lastRss - firstRss > allowance) {
    failures.push(
      `resident memory kept growing: ${results.map((r) => r.rssMiB.toFixed(1)).join(' → ')} MiB (allowed: ${allowance.toFixed(1)} MiB over the runs)`,
    );
  }

  mkdirSync(resultsDir, { recursive: true });
  const reportFile = path.join(
    resultsDir,
    `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    reportFile,
    `${JSON.stringify(
      {
        clients,
        durationSeconds: duration,
        participants,
        database: database.where,
        cores: os.cpus().length,
        loadAverageAtEnd: os.loadavg(),
        runs: results,
        rssAllowanceMiB: allowance,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  log(`Report: ${path.relative(repoRoot, reportFile)}`);
  process.stdout.write(
    [
      '',
      `  ${clients} clients (one session and one connection each), ${duration} s per run, ${participants} participants`,
      '  run   requests    req/s   p50 ms   p95 ms   p99 ms   RSS MiB',
      ...results.map((r, index) =>
        [
          `  ${String(index + 1).padEnd(4)}`,
          String(r.requests).padStart(10),
          r.requestsPerSecond.toFixed(0).padStart(9),
          ...[r.p50, r.p95, r.p99].map((value) => value.toFixed(1).padStart(9)),
          r.rssMiB.toFixed(1).padStart(10),
        ].join(''),
      ),
      '',
      failures.length
        ? `  FAILED:\n    ${failures.join('\n    ')}`
        : '  PASSED: no errors, no non-2xx answers, memory steady.',
      '',
    ].join('\n'),
  );
  return failures.length === 0;
}

main()
  .then(async (passed) => {
    await cleanUp();
    process.exit(passed ? 0 : 1);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    await cleanUp();
    process.exit(1);
  });
