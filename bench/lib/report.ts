import {
  DETAILS_FIRST_LOAD_BUDGET_KB,
  LOGIN_FIRST_LOAD_BUDGET_KB,
  PARTICIPANTS_FIRST_LOAD_BUDGET_KB,
  type BrowserPageLoad,
} from './browser-bundle';
import type { BundleReport } from './bundle';
import type { ExportFigure } from './fhir-export';
import type { StatementPlan } from './direct-sql';
import type { MachineLoad } from './machine-load';
import { LIST_CPU_BUDGET_MS, spread, type ServerCost } from './server-cost';
import type { ScenarioGroup } from './scenarios';
import type { SeedResult } from './seed';
import type { LoadResult } from './stats';

/** Calls slower than this at p95 under the closed-loop clients get their query plans printed. */
const SLOW_CALL_P95_MS = 25;
/** DESIGN §7: at one client, the participant list's p50 ≤ 1.5 × its SQL run directly. */
export const ONE_CLIENT_OVERHEAD_BUDGET = 1.5;
/** DESIGN §7: on PGlite too, the list's p50 ≤ 1.5 × its statements replayed into PGlite. */
export const PGLITE_OVERHEAD_BUDGET = 1.5;
/** DESIGN §7: PostgreSQL, 100k participants, mixed clinician calls at a fixed rate. */
export const OPEN_LOOP_P95_BUDGET_MS = 50;
/** DESIGN §7: the whole benchmark fits in ten minutes on a 2-core machine. */
export const WALL_TIME_BUDGET_SECONDS = 600;

export interface ScenarioResult {
  group: ScenarioGroup;
  name: string;
  /** Closed loop at the run's client count. */
  server: LoadResult;
  /** Participant list: the call and its captured SQL, each at one client. */
  oneClient?: OneClientFigure;
  /** PGlite: the call alone, until its SQL is replayed after the server has stopped. */
  oneClientServer?: LoadResult;
  /** The statements one request runs, stage by stage (`‖` joins statements run at once). */
  statements?: string[];
  /** EXPLAIN (ANALYZE, BUFFERS) of the request's SELECTs, run once after the measurement. */
  plans?: StatementPlan[];
}

export interface OneClientFigure {
  server: LoadResult;
  /** The statements the server ran for the call, replayed straight into its driver. */
  direct: LoadResult;
  /** server p50 / direct p50. */
  ratioP50: number;
}

export interface DatabaseRun {
  kind: 'postgres' | 'pglite';
  label: string;
  /** Why this database was not measured; the other fields are then absent. */
  skipped?: string;
  seed?: SeedResult;
  /** Participants the database held when measured. */
  participants?: number;
  serverStartSeconds?: number;
  scenarios: ScenarioResult[];
  /** /api/health against the list's first page at one client: latency and server CPU. */
  serverCost?: ServerCost;
  /** Mixed clinician calls (list, details, nudges, flags) sent at a fixed rate. */
  openLoop?: { ratePerSecond: number; result: LoadResult };
  /** FHIR Patient/$export of everything, after the calls above. */
  fhirExport?: ExportFigure;
}

export interface Budget {
  name: string;
  limit: string;
  measured: string;
  pass: boolean | null;
  note?: string;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  wallSeconds: number;
  phases: Record<string, number>;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string };
  /** Other processes share the machine: how much CPU they took, and the load average. */
  load: MachineLoad & { uptimeStart: string; uptimeEnd: string };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  databases: DatabaseRun[];
  bundle?: BundleReport;
  /** First loads as Chromium performs them (dynamic imports included). */
  browser?: BrowserPageLoad[];
  budgets: Budget[];
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const rate = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—';
const ratio = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)}×`);
const mark = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
const count = (value: number) => value.toLocaleString('en-US');
const sqlTotal = (s: ScenarioResult) =>
  (s.plans ?? []).reduce(
    (total, plan) => total + (Number.isFinite(plan.executionMs) ? plan.executionMs : 0),
    0,
  );

const median = (values: readonly number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

function othersNote(report: Omit<BenchReport, 'budgets'>): string {
  return report.load.othersCpuShare === null
    ? `load average up to ${report.load.loadAverage.max.toFixed(1)} on ${report.machine.cpus} cores`
    : `other processes took ${percent(report.load.othersCpuShare)} of the ${report.machine.cpus} cores`;
}

/**
 * A list call at one client against its own statements replayed straight into the driver: every
 * sort, search and status within `limit`; the median and range over them say how far.
 */
export function overheadBudget(
  name: string,
  limit: number,
  compared: readonly { name: string; ratioP50: number }[],
  missing: string,
): Budget {
  if (compared.length === 0) {
    return { name, limit: `≤ ${limit}×`, measured: missing, pass: null };
  }
  const ratios = compared.map((s) => s.ratioP50);
  const worst = compared.reduce((a, b) => (b.ratioP50 > a.ratioP50 ? b : a));
  const over = compared.filter((s) => !(s.ratioP50 <= limit));
  return {
    name,
    limit: `≤ ${limit}× in every sort/search/status`,
    measured: `median ${ratio(median(ratios))}, range ${ratio(Math.min(...ratios))}–${ratio(Math.max(...ratios))} over ${compared.length}; worst ${ratio(worst.ratioP50)} (${worst.name}); ${over.length} over`,
    pass: over.length === 0,
  };
}

const oneClientRatios = (run: DatabaseRun | undefined) =>
  (run?.scenarios ?? []).flatMap((s) =>
    s.group === 'participant-list' && s.oneClient ? [{ name: s.name, ...s.oneClient }] : [],
  );

function firstLoadBudget(
  load: BrowserPageLoad | undefined,
  name: string,
  limitKb: number,
): Budget | null {
  if (!load) return null;
  return {
    name: `${name} first load in Chromium, JavaScript gzipped (dynamic imports included)`,
    limit: `≤ ${limitKb} KB (KiB)`,
    measured: `${load.gzipKb.toFixed(1)} KB in ${load.scripts} scripts (${load.transferKb.toFixed(1)} KB sent, Brotli)`,
    pass: load.gzipKb <= limitKb,
  };
}

/** Marks each budget of DESIGN §7 PASS or FAIL from the measurements. */
export function evaluateBudgets(report: Omit<BenchReport, 'budgets'>): Budget[] {
  const budgets: Budget[] = [];
  const postgres = report.databases.find((run) => run.kind === 'postgres' && !run.skipped);
  const pglite = report.databases.find((run) => run.kind === 'pglite' && !run.skipped);
  const lists = [postgres, pglite].flatMap(
    (run) => run?.scenarios.filter((s) => s.group === 'participant-list') ?? [],
  );
  budgets.push(
    overheadBudget(
      `PostgreSQL, ${count(postgres?.participants ?? 0)} participants: /api/user/list p50 at one client against its statements replayed through node-postgres`,
      ONE_CLIENT_OVERHEAD_BUDGET,
      oneClientRatios(postgres),
      postgres ? 'not measured' : 'PostgreSQL skipped',
    ),
    overheadBudget(
      `PGlite, ${count(pglite?.participants ?? 0)} participants: /api/user/list p50 at one client against its statements replayed into PGlite on the same data`,
      PGLITE_OVERHEAD_BUDGET,
      oneClientRatios(pglite),
      pglite ? 'not measured' : 'PGlite skipped',
    ),
  );
  const failed = lists.filter((s) => s.server.errors > 0 || (s.oneClient?.server.errors ?? 0) > 0);
  if (failed.length > 0) {
    budgets.push({
      name: 'Participant list answered without errors',
      limit: '0 failed requests',
      measured: `${failed.length} scenario(s) with failures`,
      pass: false,
    });
  }
  const openLoop = postgres?.openLoop;
  budgets.push({
    name: `Open loop on PostgreSQL: ${openLoop?.ratePerSecond ?? '—'} mixed clinician calls a second (list, details, nudges, flags), p95`,
    limit: `≤ ${OPEN_LOOP_P95_BUDGET_MS} ms`,
    measured: openLoop
      ? `${ms(openLoop.result.p95)} ms (p50 ${ms(openLoop.result.p50)}, p99 ${ms(openLoop.result.p99)}; ${openLoop.result.errors} failed)`
      : 'PostgreSQL not measured',
    pass: openLoop
      ? openLoop.result.p95 <= OPEN_LOOP_P95_BUDGET_MS && openLoop.result.errors === 0
      : null,
    note: 'latency from when each request was due',
  });
  const postgresCost = postgres?.serverCost;
  budgets.push({
    name: `PostgreSQL, ${count(postgres?.participants ?? 0)} participants, one client, Brotli as Chromium asks: server CPU per /api/user/list call beyond its SQL, median of ${postgresCost?.rounds ?? '—'} rounds`,
    limit: `≤ ${LIST_CPU_BUDGET_MS} ms`,
    measured: postgresCost
      ? `${spread(postgresCost.list.cpuMs)} ms (/api/health ${spread(postgresCost.health.cpuMs)} ms)`
      : 'PostgreSQL not measured',
    pass: postgresCost ? median(postgresCost.list.cpuMs) <= LIST_CPU_BUDGET_MS : null,
    note: "the server process's user + system time from /proc over the calls answered; the SQL runs in PostgreSQL's processes, so this is everything beyond it",
  });
  const pages = report.browser ?? [];
  const loads = [
    firstLoadBudget(
      pages.find((load) => load.page === 'login'),
      '/login',
      LOGIN_FIRST_LOAD_BUDGET_KB,
    ),
    firstLoadBudget(
      pages.find((load) => load.page === 'participants'),
      '/participants (signed in, reloaded)',
      PARTICIPANTS_FIRST_LOAD_BUDGET_KB,
    ),
    firstLoadBudget(
      pages.find((load) => load.page === 'details'),
      "A participant's details page (signed in, reloaded)",
      DETAILS_FIRST_LOAD_BUDGET_KB,
    ),
  ];
  budgets.push(...loads.filter((budget): budget is Budget => budget !== null));
  if (report.bundle) {
    budgets.push({
      name: 'Every route lazy-loaded (its own chunk)',
      limit: 'all of src/app/routes',
      measured:
        report.bundle.notLazy.length === 0
          ? `${report.bundle.routes.length} of ${report.bundle.routes.length}`
          : `not lazy: ${report.bundle.notLazy.join(', ')}`,
      pass: report.bundle.notLazy.length === 0,
    });
  }
  budgets.push({
    name: 'Benchmark wall time',
    limit: `≤ ${WALL_TIME_BUDGET_SECONDS / 60} minutes`,
    measured: `${(report.wallSeconds / 60).toFixed(1)} min`,
    pass: report.wallSeconds <= WALL_TIME_BUDGET_SECONDS,
    note: othersNote(report),
  });
  return budgets;
}

/** Execution time of each SELECT alone (EXPLAIN ANALYZE, no load), e.g. `count users 4.1`. */
const sqlTimes = (s: ScenarioResult) =>
  s.plans && s.plans.length > 0
    ? s.plans.map((plan) => `${plan.label} ${ms(plan.executionMs)}`).join(', ')
    : '—';

function loadTable(scenarios: readonly ScenarioResult[]): string[] {
  const withPlans = scenarios.some((s) => s.plans);
  const lines = [
    `| call | p50 ms | p95 ms | p99 ms | req/s | failed |${withPlans ? ' SQL alone, ms |' : ''}`,
    `|---|---:|---:|---:|---:|---:|${withPlans ? '---|' : ''}`,
  ];
  for (const s of scenarios) {
    lines.push(
      `| ${s.name} | ${ms(s.server.p50)} | ${ms(s.server.p95)} | ${ms(s.server.p99)} | ${rate(s.server.requestsPerSecond)} | ${s.server.errors} |${withPlans ? ` ${sqlTimes(s)} |` : ''}`,
    );
  }
  return lines;
}

function listTable(scenarios: readonly ScenarioResult[]): string[] {
  if (!scenarios.some((s) => s.oneClient)) return loadTable(scenarios);
  const lines = [
    '| list query | p50 | p95 | p99 | req/s | one client: server p50 | direct p50 | ratio | SQL alone, ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of scenarios) {
    const one = s.oneClient;
    lines.push(
      `| ${s.name} | ${ms(s.server.p50)} | ${ms(s.server.p95)} | ${ms(s.server.p99)} | ${rate(s.server.requestsPerSecond)} | ${one ? ms(one.server.p50) : '—'} | ${one ? ms(one.direct.p50) : '—'} | ${one ? ratio(one.ratioP50) : '—'} | ${sqlTimes(s)} |`,
    );
  }
  return lines;
}

function databaseSection(run: DatabaseRun, clients: number): string[] {
  const lines = [`## ${run.label}`, ''];
  if (run.skipped) return [...lines, `Skipped: ${run.skipped}`, ''];
  if (run.seed) {
    lines.push(
      `Seeded ${count(run.seed.participants)} participants (volume \`${run.seed.volume}\`) in ${run.seed.seconds.toFixed(0)} s${typeof run.seed.triageScanSeconds === 'number' ? `, its first triage scan included (${run.seed.triageScanSeconds.toFixed(1)} s)` : ''}; the database holds ${count(run.participants ?? 0)} participants. Server ready in ${(run.serverStartSeconds ?? 0).toFixed(1)} s.`,
      '',
      '| table | rows |',
      '|---|---:|',
      ...Object.entries(run.seed.rows).map(([table, rows]) => `| ${table} | ${count(rows)} |`),
      '',
    );
  }
  const lists = run.scenarios.filter((s) => s.group === 'participant-list');
  lines.push(
    '### /api/user/list',
    '',
    lists.some((s) => s.oneClient)
      ? `p50 to req/s: the built server with ${clients} keep-alive clients, each sending its next request on an answer. One client: the same call alone, then the statements the server ran for it (captured from the same code through ${run.kind === 'postgres' ? 'node-postgres, stage by stage' : "the server's own PGlite, after the server let go of the data"}) replayed directly by one client for as long; the ratio is what the server adds to its SQL. Latencies in ms.`
      : 'The built server, each client sending its next request on an answer; latencies in ms.',
    '',
    ...listTable(lists),
    '',
  );
  const others: [ScenarioGroup, string][] = [
    ['nudge-list', '### Nudge list (/api/nudge/list)'],
    ['coach-list', '### Coach list (/api/chat/list)'],
    ['details', '### Participant details (rotating over 50 active participants)'],
    ['outcomes', '### Programme outcomes (/api/outcomes/programme)'],
  ];
  for (const [group, title] of others) {
    const scenarios = run.scenarios.filter((s) => s.group === group);
    if (scenarios.length > 0) lines.push(title, '', ...loadTable(scenarios), '');
  }
  if (run.openLoop) {
    const r = run.openLoop.result;
    lines.push(
      '### Open loop: mixed clinician calls at a fixed rate',
      '',
      `${run.openLoop.ratePerSecond} calls a second whatever the answers (the list, a details page's five calls, the nudge list and the Flags screen, in turn), latency from when each call was due: p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms, p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms over ${count(r.requests)} calls, ${r.errors} failed.`,
      '',
    );
  }
  if (run.serverCost) lines.push(...serverCostSection(run.serverCost));
  const exported = run.fhirExport;
  if (exported) {
    lines.push(
      '### FHIR Bulk Data (Patient/$export of every participant)',
      '',
      `${count(exported.resources)} resources (${exported.megabytes.toFixed(0)} MB of NDJSON) in ${exported.seconds.toFixed(1)} s (${count(Math.round(exported.resources / exported.seconds))}/s). Server resident memory: ${exported.rssBeforeMb.toFixed(0)} MB before the kick-off, peak ${exported.rssPeakMb.toFixed(0)} MB during the export (growth ${(exported.rssPeakMb - exported.rssBeforeMb).toFixed(0)} MB; the kernel's high-water mark, reset at the kick-off).${exported.alongside ? ` Measured while ${exported.alongside} ran on the same cores.` : ''}`,
      '',
    );
  }
  // The full plans of the slowest calls (all plans are in the JSON report).
  const slowest = (group: ScenarioGroup, count: number) =>
    run.scenarios
      .filter((s) => s.group === group && s.plans && s.plans.length > 0)
      .filter((s) => !(s.server.p95 <= SLOW_CALL_P95_MS))
      .sort((a, b) => sqlTotal(b) - sqlTotal(a))
      .slice(0, count);
  const slow = [
    ...slowest('participant-list', 3),
    ...slowest('nudge-list', 1),
    ...slowest('coach-list', 1),
    ...slowest('details', 1),
    ...slowest('outcomes', 1),
  ];
  if (slow.length > 0) {
    lines.push(
      `### Query plans of the slowest calls over ${SLOW_CALL_P95_MS} ms p95`,
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of each SELECT over 5 ms that the call runs, once and without load from the benchmark, after the measurement; the JSON report has every plan.',
      '',
    );
    for (const s of slow) {
      lines.push(`#### ${s.group} ${s.name} — p95 ${ms(s.server.p95)} ms`, '');
      for (const plan of s.plans ?? []) {
        if (!(plan.executionMs >= 5)) continue;
        lines.push(`${plan.label}, ${ms(plan.executionMs)} ms:`, '', '```', plan.plan, '```', '');
      }
    }
  }
  return lines;
}

function serverCostSection(cost: ServerCost): string[] {
  return [
    '### What a call costs the server (one client)',
    '',
    `${cost.rounds} rounds of ${cost.secondsPerRound} s per call, alternating; median of the rounds (lowest–highest in brackets: the noise). CPU is the server process's user + system time from /proc divided by the calls answered.`,
    '',
    '| call | p50 ms | server CPU ms per call | calls |',
    '|---|---|---|---:|',
    `| /api/health | ${spread(cost.health.p50)} | ${spread(cost.health.cpuMs)} | ${count(cost.health.requests)} |`,
    `| /api/user/list (first page) | ${spread(cost.list.p50)} | ${spread(cost.list.cpuMs)} | ${count(cost.list.requests)} |`,
    '',
  ];
}

/** The report as Markdown, printed at the end and written next to the JSON. */
export function toMarkdown(report: BenchReport): string {
  const lines = [
    `# Benchmark ${report.startedAt}`,
    '',
    `${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGb} GB RAM, Node ${report.machine.node} on ${report.machine.platform}. ${report.settings.connections} concurrent clients, ${report.settings.warmupSeconds} s warm-up and ${report.settings.durationSeconds} s measured per call.`,
    '',
    `Machine: during the run, processes other than the benchmark (other people's builds and tests) used ${percent(report.load.othersCpuShare)} of the ${report.machine.cpus} cores and the benchmark itself ${percent(report.load.benchCpuShare)}. 1-minute load average (the benchmark's own clients and database processes included): min ${report.load.loadAverage.min.toFixed(2)}, mean ${report.load.loadAverage.mean.toFixed(2)}, max ${report.load.loadAverage.max.toFixed(2)}. \`uptime\` at start: ${report.load.uptimeStart}; at the end: ${report.load.uptimeEnd}. CPU taken by other processes makes every latency here pessimistic.`,
    '',
    `Wall time ${report.wallSeconds.toFixed(0)} s: ${Object.entries(report.phases)
      .map(([phase, s]) => `${phase} ${s.toFixed(0)} s`)
      .join(', ')}.`,
    '',
    '## Budgets',
    '',
    '| budget | limit | measured | result |',
    '|---|---|---|:--:|',
    ...report.budgets.map(
      (b) =>
        `| ${b.name} | ${b.limit} | ${b.measured}${b.note ? ` (${b.note})` : ''} | ${mark(b.pass)} |`,
    ),
    '',
  ];
  for (const run of report.databases)
    lines.push(...databaseSection(run, report.settings.connections));
  if (report.browser) {
    lines.push(
      '## First loads in Chromium (JavaScript, gzip, KB = 1,024 bytes)',
      '',
      'Every script the page fetched until the network was quiet, dynamic imports included, with the cache off; "sent" is what went over the wire (the prebuilt Brotli files).',
      '',
      '| page | scripts | gzip KB | sent KB | largest |',
      '|---|---:|---:|---:|---|',
      ...report.browser.map(
        (load) =>
          `| ${load.path} | ${load.scripts} | ${load.gzipKb.toFixed(1)} | ${load.transferKb.toFixed(1)} | ${load.files
            .slice(0, 3)
            .map((file) => `${file.file} ${file.gzipKb.toFixed(1)}`)
            .join(', ')} |`,
      ),
      '',
    );
  }
  if (report.bundle) {
    const b = report.bundle;
    lines.push(
      '## Portal JavaScript by the build manifest (gzip, KB = 1,024 bytes; static imports only)',
      '',
      `Entry and its static imports: ${b.entryKb.toFixed(1)} KB in ${b.entryChunks} chunk(s). First load of /login: **${b.loginFirstLoadKb.toFixed(1)} KB**; of /participants: ${b.participantsFirstLoadKb.toFixed(1)} KB. All JavaScript: ${b.totalJavaScriptKb.toFixed(1)} KB.`,
      '',
      '| route | own chunks KB | first load KB | chunks |',
      '|---|---:|---:|---:|',
      ...b.routes.map(
        (r) => `| ${r.route} | ${r.ownKb.toFixed(1)} | ${r.firstLoadKb.toFixed(1)} | ${r.chunks} |`,
      ),
      '',
    );
    if (b.notLazy.length > 0) {
      lines.push(`Not lazily loaded: ${b.notLazy.join(', ')}.`, '');
    }
  }
  return lines.join('\n');
}
