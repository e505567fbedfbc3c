import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  DEFAULT_PARTICIPANT_LIST_QUERY,
  SORT_DIRECTIONS,
  type ParticipantListQueryInput,
  type ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { PARTICIPANT_TYPES } from '@recovery-portal/contract/users';
import { benchClinician, signIn, type SessionHeaders } from './lib/api-session';
import { measureFirstLoads, type BrowserPageLoad } from './lib/browser-bundle';
import { measureServerCost, spread, type ServerCost } from './lib/server-cost';
import { measureExport } from './lib/fhir-export';
import { analyseBundle } from './lib/bundle';
import {
  createSqlCapture,
  explainStages,
  loadDirect,
  type SqlCapture,
  type StatementPlan,
} from './lib/direct-sql';
import { openPgliteSql } from './lib/pglite-sql';
import { loadServer, loadServerOpenLoop, type LoadOptions } from './lib/http-load';
import { log } from './lib/log';
import { startLoadSampler } from './lib/machine-load';
import { repoRoot, resultsDir } from './lib/paths';
import { findPostgresBin, startThrowawayCluster } from './lib/postgres-cluster';
import {
  evaluateBudgets,
  toMarkdown,
  type BenchReport,
  type DatabaseRun,
  type OneClientFigure,
  type ScenarioResult,
} from './lib/report';
import {
  coachListScenarios,
  detailsScenarios,
  mixedClinicianCalls,
  nudgeListScenarios,
  outcomesScenarios,
  participantListScenarios,
  SHORT_SEARCH,
  type Scenario,
  type SearchTerms,
} from './lib/scenarios';
import { seedDatabase, type SeedResult, type SeedVolume } from './lib/seed';
import { startServer } from './lib/server-process';

const USAGE = `Usage: npm run bench -- [options]
  --participants N         PostgreSQL participants (default 100000)
  --volume V               per-participant data: full | light | minimal (default light)
  --pglite-participants N  PGlite participants (default 10000)
  --duration S             measured seconds per call (default 1)
  --warmup S               unrecorded seconds before each call (default 0.25)
  --connections N          concurrent clients (default 20)
  --skip-postgres, --skip-pglite, --bundle-only (the portal's JavaScript only, in Chromium)`;

const { values: args } = parseArgs({
  options: {
    participants: { type: 'string', default: '100000' },
    volume: { type: 'string', default: 'light' },
    'pglite-participants': { type: 'string', default: '10000' },
    duration: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '0.25' },
    connections: { type: 'string', default: '20' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'bundle-only': { type: 'boolean', default: false },
    // Set by scripts/bench.mjs: the snapshot of the build to measure, and when the run began.
    'build-dir': { type: 'string', default: repoRoot },
    'started-at': { type: 'string' },
    'build-seconds': { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`--${name} must be a positive number\n${USAGE}`);
  return number;
}

function volume(value: string | undefined): SeedVolume {
  if (value === 'full' || value === 'light' || value === 'minimal') return value;
  throw new Error(`--volume must be full, light or minimal\n${USAGE}`);
}

/** Undone in reverse order at the end, on failure and on Ctrl-C. */
const cleanups: (() => Promise<void>)[] = [];

/** Registers an undo step; the returned function runs it early (once). */
function onCleanup(undo: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    // cleanUp() pops it before running it; splicing index -1 would drop another step unrun.
    const index = cleanups.indexOf(run);
    if (index >= 0) cleanups.splice(index, 1);
    await undo();
  };
  cleanups.push(run);
  return run;
}

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
    process.stderr.write(`\n${signal}: stopping servers and databases…\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

async function listParticipants(
  baseUrl: string,
  headers: SessionHeaders,
  query: ParticipantListQueryInput,
): Promise<ParticipantListResponse> {
  const response = await fetch(`${baseUrl}${API_PATHS.user.list}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEFAULT_PARTICIPANT_LIST_QUERY, ...query }),
  });
  if (!response.ok) throw new Error(`${API_PATHS.user.list} answered HTTP ${response.status}`);
  return ((await response.json()) as { _data: ParticipantListResponse })._data;
}

/** A real surname to search for, and 50 active participants with conversations for details. */
async function pickTargets(baseUrl: string, headers: SessionHeaders) {
  const page = await listParticipants(baseUrl, headers, {
    status: 'ACTIVATED',
    orderBy: 'coach_chat_count',
    orderDirection: 'desc',
    page_size: 50,
  });
  const name = page.users.find((user) => user.last_name.length >= 4)?.last_name;
  if (!name) throw new Error('the seeded database has no active participants');
  // The list counts one participant type at a time; the database holds all of them.
  let total = 0;
  for (const type of PARTICIPANT_TYPES) {
    total += (await listParticipants(baseUrl, headers, { type, status: '', page_size: 1 }))
      .total_participants;
  }
  const search: SearchTerms = { short: SHORT_SEARCH, name };
  return { search, ids: page.users.map((user) => user.id), total };
}

const stagesText = (stages: { text: string }[][]) =>
  stages.map((stage) => stage.map((s) => s.text.replace(/\s+/g, ' ')).join(' ‖ '));

/**
 * The participant list alone and its SQL alone (DESIGN §7: server/direct p50 at one client).
 * Short, since a call at one client answers in milliseconds: the run stays within its budget.
 * No warm-up beyond runClosedLoop's unrecorded first request: the server alone follows its own
 * 20-client run of the same call, and the SQL alone follows that, on a connection the first
 * request has prepared (one client reuses one pooled connection).
 */
const ONE_CLIENT: LoadOptions = { connections: 1, durationSeconds: 0.5, warmupSeconds: 0 };

async function measure(
  scenario: Scenario,
  baseUrl: string,
  headers: SessionHeaders,
  load: LoadOptions,
  direct: { capture: SqlCapture; pool: pg.Pool; plans: Map<string, StatementPlan> } | null,
): Promise<ScenarioResult> {
  const server = await loadServer(baseUrl, headers, scenario.calls, load);
  const result: ScenarioResult = { group: scenario.group, name: scenario.name, server };
  const call = scenario.calls[0];
  if (!direct && scenario.group === 'participant-list') {
    // PGlite: the built server holds the database; its SQL is replayed once it has stopped.
    result.oneClientServer = await loadServer(baseUrl, headers, scenario.calls, ONE_CLIENT);
  }
  if (direct && call) {
    // The statements behind the call and their plans; the list also runs them directly.
    const stages = await direct.capture.capture(call);
    result.statements = stagesText(stages);
    if (scenario.group === 'participant-list') {
      const alone = await loadServer(baseUrl, headers, scenario.calls, ONE_CLIENT);
      const sqlAlone = await loadDirect(direct.pool, stages, ONE_CLIENT);
      result.oneClient = { server: alone, direct: sqlAlone, ratioP50: alone.p50 / sqlAlone.p50 };
    }
    result.plans = await explainStages(direct.pool, stages, direct.plans);
  }
  const line = `${scenario.group} ${scenario.name}: p50 ${server.p50.toFixed(1)} p95 ${server.p95.toFixed(1)} p99 ${server.p99.toFixed(1)} ms, ${Math.round(server.requestsPerSecond)}/s${server.errors ? `, ${server.errors} failed` : ''}`;
  const one = result.oneClient;
  log(one ? `${line}; ${oneClientText(one)}` : line);
  return result;
}

const oneClientText = (one: OneClientFigure) =>
  `one client p50 ${one.server.p50.toFixed(2)} ms, its SQL ${one.direct.p50.toFixed(2)} ms, ratio ${one.ratioP50.toFixed(2)}`;

/**
 * PGlite against its own SQL: each participant list call of the run is sent once more to an
 * in-process copy of the server on the same data directory, and the statements it ran are
 * replayed straight into that PGlite at one client, as long as the built server was measured.
 */
async function replayPgliteLists(
  dataDir: string,
  scenarios: readonly Scenario[],
  results: readonly ScenarioResult[],
): Promise<void> {
  const sql = await openPgliteSql(dataDir);
  const close = onCleanup(() => sql.close());
  // Every call's statements first: the captures warm the freshly opened PGlite (its WebAssembly
  // and caches) as the server's own run had warmed the server's, before any replay is timed.
  const captured = [];
  for (const [index, result] of results.entries()) {
    const call = scenarios[index]?.calls[0];
    if (call && result.oneClientServer) captured.push({ result, stages: await sql.capture(call) });
  }
  const first = captured[0];
  if (first)
    await sql.replay(first.stages, { ...ONE_CLIENT, durationSeconds: PGLITE_WARMUP_SECONDS });
  for (const { result, stages } of captured) {
    const server = result.oneClientServer;
    if (!server) continue;
    result.statements = stagesText(stages);
    const direct = await sql.replay(stages, ONE_CLIENT);
    result.oneClient = { server, direct, ratioP50: server.p50 / direct.p50 };
    delete result.oneClientServer;
    log(`pglite participant-list ${result.name}: ${oneClientText(result.oneClient)}`);
  }
  await close();
}

/** Waits until no other session is busy, e.g. the server's participant_stats refresh at start. */
async function waitForIdleDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    let quiet = 0;
    while (Date.now() < deadline && quiet < 3) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = current_database()",
      );
      quiet = rows[0]?.n === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    await client.end();
  }
}

async function participantCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ users: string | null }>(
      "select to_regclass('public.users')::text as users",
    );
    if (!tables[0]?.users) return 0;
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'PARTICIPANT'",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

interface RunOptions {
  participants: number;
  volume: SeedVolume;
  load: LoadOptions;
  serverScript: string;
  logDir: string;
}

interface PreparedPostgres {
  url: string;
  label: string;
  makeDurable: () => Promise<void>;
}

/** The machine's load over the whole run (started in main). */
let sampler: ReturnType<typeof startLoadSampler> | null = null;

/** BENCH_DATABASE_URL, else a throw-away cluster of the installed PostgreSQL, else null. */
async function preparePostgres(): Promise<PreparedPostgres | null> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return { url, label: 'PostgreSQL (BENCH_DATABASE_URL)', makeDurable: async () => {} };
  const bin = findPostgresBin();
  if (!bin) return null;
  const cluster = await startThrowawayCluster(bin);
  onCleanup(() => cluster.stop());
  sampler?.track(cluster.pid);
  log(`Started a throw-away PostgreSQL ${cluster.version} cluster`);
  return {
    url: cluster.url,
    label: `PostgreSQL ${cluster.version} (throw-away cluster)`,
    makeDurable: () => cluster.makeDurable(),
  };
}

/** Tops the database up to `participants` (a reused BENCH_DATABASE_URL may hold some). */
async function seedPostgres(database: PreparedPostgres, options: RunOptions) {
  const missing = Math.max(0, options.participants - (await participantCount(database.url)));
  if (missing === 0) return undefined;
  return seedDatabase({
    env: { DATABASE_URL: database.url },
    participants: missing,
    volume: options.volume,
    label: 'postgres seed',
  });
}

/**
 * Every PostgreSQL measurement, then the FHIR export of everything with `duringExport` (the
 * PGlite seeding, the first loads) beside it: the export's figure is its memory, which sharing
 * the cores leaves as it is, and its time is reported as measured beside that work.
 */
async function measurePostgres<T>(
  database: PreparedPostgres,
  seed: SeedResult | undefined,
  options: RunOptions,
  phases: Record<string, number>,
  duringExport: { label: string; run: () => Promise<T> },
): Promise<{ run: DatabaseRun; alongside: T }> {
  const started = performance.now();
  const { url } = database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rp-bench-server-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const serverStarted = performance.now();
  const server = await startServer({
    serverScript: options.serverScript,
    dataDir,
    databaseUrl: url,
    logDir: options.logDir,
    label: 'postgres',
  });
  const stopServer = onCleanup(() => server.stop());
  const serverStartSeconds = (performance.now() - serverStarted) / 1000;
  await waitForIdleDatabase(url);
  const headers = await signIn(server.url, benchClinician());
  const targets = await pickTargets(server.url, headers);
  log(
    `PostgreSQL server up in ${serverStartSeconds.toFixed(1)} s; ${targets.total} participants; name search "${targets.search.name}"`,
  );

  const capture = await createSqlCapture(url);
  const closeCapture = onCleanup(() => capture.close());
  const pool = new pg.Pool({ connectionString: url, max: options.load.connections });
  pool.on('error', () => undefined);
  const closePool = onCleanup(() => pool.end());
  const scenarios = [
    ...participantListScenarios(targets.search, {
      sortDirections: SORT_DIRECTIONS,
      searchKeys: 'all',
    }),
    ...nudgeListScenarios(true),
    ...coachListScenarios(true),
    ...detailsScenarios(targets.ids),
    ...outcomesScenarios(),
  ];
  const results: ScenarioResult[] = [];
  const plans = new Map<string, StatementPlan>();
  for (const scenario of scenarios) {
    results.push(
      await measure(scenario, server.url, headers, options.load, { capture, pool, plans }),
    );
  }
  await closePool();
  await closeCapture();
  const openLoop = await loadServerOpenLoop(server.url, headers, mixedClinicianCalls(targets.ids), {
    ratePerSecond: OPEN_LOOP_RATE,
    durationSeconds: OPEN_LOOP_SECONDS,
  });
  log(
    `Open loop, ${OPEN_LOOP_RATE} mixed calls/s for ${OPEN_LOOP_SECONDS} s: p50 ${openLoop.p50.toFixed(1)} ms, p95 ${openLoop.p95.toFixed(1)} ms, ${openLoop.errors} failed`,
  );
  const serverCost = await measureServerCost(server.url, headers, server.pid, SERVER_COST_ROUNDS);
  logServerCost('PostgreSQL', serverCost);
  phases['PostgreSQL measurements'] = (performance.now() - started) / 1000;
  const exportStarted = performance.now();
  const [measured, alongside] = await Promise.all([
    measureExport({ baseUrl: server.url, headers, pid: server.pid, dataDir }),
    duringExport.run(),
  ]);
  const fhirExport = { ...measured, alongside: duringExport.label };
  phases[`FHIR export on PostgreSQL beside ${duringExport.label}`] =
    (performance.now() - exportStarted) / 1000;
  log(
    `FHIR Patient/$export: ${fhirExport.resources} resources in ${fhirExport.seconds.toFixed(1)} s; server RSS ${fhirExport.rssBeforeMb.toFixed(0)} MB before, peak ${fhirExport.rssPeakMb.toFixed(0)} MB`,
  );
  await stopServer();
  return {
    alongside,
    run: {
      kind: 'postgres',
      label: database.label,
      ...(seed ? { seed } : {}),
      participants: targets.total,
      serverStartSeconds,
      scenarios: results,
      openLoop: { ratePerSecond: OPEN_LOOP_RATE, result: openLoop },
      serverCost,
      fhirExport,
    },
  };
}

async function measurePglite(
  dataDir: string,
  seed: SeedResult,
  options: RunOptions,
): Promise<DatabaseRun> {
  const started = performance.now();
  const server = await startServer({
    serverScript: options.serverScript,
    dataDir,
    logDir: options.logDir,
    label: 'pglite',
  });
  const stopServer = onCleanup(() => server.stop());
  const serverStartSeconds = (performance.now() - started) / 1000;
  // The server refreshes participant_stats at start; PGlite runs it inside the server process,
  // so wait about as long as the seeder's own refresh took.
  await new Promise((resolve) =>
    setTimeout(resolve, ((seed.statsRefreshSeconds ?? 2) * 1.5 + 1) * 1000),
  );
  const headers = await signIn(server.url, benchClinician());
  const targets = await pickTargets(server.url, headers);
  log(`PGlite server up in ${serverStartSeconds.toFixed(1)} s; ${targets.total} participants`);
  // Fewer list combinations than on PostgreSQL (time): every sort key ascending, searches and
  // statuses on the default sort. On one connection a direction changes little.
  const scenarios = [
    ...participantListScenarios(targets.search, {
      sortDirections: ['asc'],
      searchKeys: 'default',
    }),
    ...nudgeListScenarios(false),
    ...coachListScenarios(false),
    ...detailsScenarios(targets.ids),
  ];
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    results.push(await measure(scenario, server.url, headers, options.load, null));
  }
  await stopServer();
  await replayPgliteLists(dataDir, scenarios, results);
  return {
    kind: 'pglite',
    label: 'PGlite (embedded, one server process)',
    seed,
    participants: targets.total,
    serverStartSeconds,
    scenarios: results,
  };
}

/** Alternating rounds of /api/health and the list at one client; their spread is the noise. */
const SERVER_COST_ROUNDS = { rounds: 5, secondsPerRound: 2 };
/** DESIGN §7: mixed clinician traffic at a fixed 100 requests a second, p95 ≤ 50 ms. */
const OPEN_LOOP_RATE = 100;
const OPEN_LOOP_SECONDS = 10;
/** Unrecorded replay on the freshly opened PGlite before its timed replays. */
const PGLITE_WARMUP_SECONDS = 2;

function logServerCost(database: string, cost: ServerCost) {
  log(
    `${database}, one client: /api/health p50 ${spread(cost.health.p50)} ms, CPU ${spread(cost.health.cpuMs)} ms a call; list p50 ${spread(cost.list.p50)} ms, server process CPU ${spread(cost.list.cpuMs)} ms a call`,
  );
}

/**
 * The portal's first loads in Chromium, against the built server on a throw-away embedded
 * database with the demo programme (its clinician signs in). They are bytes, the same whatever
 * else the machine does, so they run beside PostgreSQL's FHIR export.
 */
async function measureFirstLoadsOnDemoServer(
  buildDir: string,
  serverScript: string,
  logDir: string,
): Promise<BrowserPageLoad[]> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rp-bench-browser-'));
  const removeData = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    serverScript,
    dataDir,
    logDir,
    label: 'browser',
    seedDemo: true,
    webDistDir: path.join(buildDir, 'apps/web/dist'),
  });
  const stopServer = onCleanup(() => server.stop());
  try {
    const credentials = benchClinician();
    const headers = await signIn(server.url, credentials);
    const [participantId] = (await pickTargets(server.url, headers)).ids;
    if (participantId === undefined) throw new Error('the demo programme has no participants');
    const browser = await measureFirstLoads(server.url, credentials, participantId);
    log(
      `First loads in Chromium (JavaScript, gzip) in ${((performance.now() - started) / 1000).toFixed(0)} s: ${browser.map((load) => `${load.path} ${load.gzipKb.toFixed(1)} KB`).join(', ')}`,
    );
    return browser;
  } finally {
    await stopServer();
    await removeData();
  }
}

/**
 * Seeds PostgreSQL alone, measures it, then runs its FHIR export while PGlite is seeded and the
 * first loads are measured, one after the other (the export keeps one core busy, they the other;
 * beside PostgreSQL's seeding, which everything waits for, they slowed it by a third), and
 * measures PGlite last, each measurement with the machine to itself.
 */
async function runDatabases(
  options: { postgres: RunOptions | null; pglite: RunOptions | null },
  firstLoads: () => Promise<unknown>,
  phases: Record<string, number>,
): Promise<DatabaseRun[]> {
  const started = performance.now();
  const postgres = options.postgres ? await preparePostgres() : null;
  const pgliteDir = options.pglite ? mkdtempSync(path.join(os.tmpdir(), 'rp-bench-pglite-')) : null;
  if (pgliteDir) onCleanup(() => rmSync(pgliteDir, { recursive: true, force: true }));
  const pglite = options.pglite;
  const beside = {
    label: pgliteDir && pglite ? 'the PGlite seeding and then the first loads' : 'the first loads',
    run: async () => {
      const seed =
        pgliteDir && pglite
          ? await seedDatabase({
              env: { DATA_DIR: pgliteDir, DATABASE_URL: '' },
              participants: pglite.participants,
              volume: pglite.volume,
              label: 'pglite seed',
            })
          : undefined;
      await firstLoads();
      return seed;
    },
  };
  const postgresSeed =
    postgres && options.postgres ? await seedPostgres(postgres, options.postgres) : undefined;
  phases['seeding PostgreSQL'] = (performance.now() - started) / 1000;

  const runs: DatabaseRun[] = [];
  let pgliteSeed: SeedResult | undefined;
  if (!options.postgres || !postgres) {
    const skipped = options.postgres
      ? 'no BENCH_DATABASE_URL and no PostgreSQL under /usr/lib/postgresql/*/bin'
      : '--skip-postgres';
    if (options.postgres) log(`PostgreSQL skipped: ${skipped}`);
    runs.push({ kind: 'postgres', label: 'PostgreSQL', skipped, scenarios: [] });
    const at = performance.now();
    pgliteSeed = await beside.run();
    phases[beside.label] = (performance.now() - at) / 1000;
  } else {
    await postgres.makeDurable();
    const measured = await measurePostgres(
      postgres,
      postgresSeed,
      options.postgres,
      phases,
      beside,
    );
    runs.push(measured.run);
    pgliteSeed = measured.alongside;
  }
  if (!options.pglite || !pgliteDir || !pgliteSeed) {
    runs.push({ kind: 'pglite', label: 'PGlite', skipped: '--skip-pglite', scenarios: [] });
  } else {
    const at = performance.now();
    runs.push(await measurePglite(pgliteDir, pgliteSeed, options.pglite));
    phases['PGlite measurements'] = (performance.now() - at) / 1000;
  }
  return runs;
}

async function main() {
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const startedAtMs = args['started-at'] ? Number(args['started-at']) : Date.now();
  const startedAt = new Date(startedAtMs);
  const phases: Record<string, number> = { 'install and build': Number(args['build-seconds']) };
  const loadSampler = startLoadSampler();
  sampler = loadSampler;
  const uptimeStart = uptime();
  const load: LoadOptions = {
    connections: positive('connections', args.connections),
    durationSeconds: positive('duration', args.duration),
    warmupSeconds: Number(args.warmup) || 0,
  };
  const buildDir = path.resolve(args['build-dir']);
  const serverScript = path.join(buildDir, 'apps/server/dist/server.js');
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  mkdirSync(resultsDir, { recursive: true });
  const logDir = path.join(resultsDir, `${stamp}-logs`);
  mkdirSync(logDir, { recursive: true });

  const bundle = analyseBundle(
    path.join(buildDir, 'apps/web/dist'),
    path.join(repoRoot, 'apps/web/src'),
  );
  // Started beside PostgreSQL's export (or alone), then awaited once more for the report.
  let firstLoading: Promise<BrowserPageLoad[]> | undefined;
  const firstLoads = () =>
    (firstLoading ??= measureFirstLoadsOnDemoServer(buildDir, serverScript, logDir));

  const databases: DatabaseRun[] = [];
  if (args['bundle-only']) {
    const started = performance.now();
    await firstLoads();
    phases['first loads in Chromium'] = (performance.now() - started) / 1000;
  } else {
    const common = { load, serverScript, logDir, volume: volume(args.volume) };
    databases.push(
      ...(await runDatabases(
        {
          postgres: args['skip-postgres']
            ? null
            : { ...common, participants: positive('participants', args.participants) },
          pglite: args['skip-pglite']
            ? null
            : {
                ...common,
                participants: positive('pglite-participants', args['pglite-participants']),
              },
        },
        firstLoads,
        phases,
      )),
    );
  }
  const browser = await firstLoads();
  // Before the clean-up: the throw-away PostgreSQL's CPU time is lost once it has stopped.
  const machineLoad = loadSampler.stop();
  await cleanUp();

  const finished = new Date();
  const partial: Omit<BenchReport, 'budgets'> = {
    startedAt: startedAt.toISOString(),
    finishedAt: finished.toISOString(),
    wallSeconds: (finished.getTime() - startedAtMs) / 1000,
    phases,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    load: { ...machineLoad, uptimeStart, uptimeEnd: uptime() },
    settings: load,
    databases,
    bundle,
    browser,
  };
  const report: BenchReport = { ...partial, budgets: evaluateBudgets(partial) };
  const markdown = toMarkdown(report);
  writeFileSync(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${stamp}.md`), `${markdown}\n`);
  process.stdout.write(`\n${markdown}\n\nWritten to bench-results/${stamp}.json and .md\n`);
}

main().catch(async (error: unknown) => {
  process.stderr.write(
    `\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  await cleanUp();
  process.exit(1);
});
