import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_PARTICIPANT_LIST_QUERY } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { SessionHeaders } from './api-session';
import { loadServer, type ApiCall } from './http-load';

/**
 * DESIGN §7: on PostgreSQL, a participant list call costs the server process at most this much
 * CPU (its SQL runs in PostgreSQL's processes), compressed as Chromium asks.
 */
export const LIST_CPU_BUDGET_MS = 1.5;

/** One call measured alone: one client, each request sent when the previous one answered. */
export interface CallCost {
  /** Median latency of each round, ms. */
  p50: number[];
  /** Server process CPU (user + system) per answered request in each round, ms. */
  cpuMs: number[];
  requests: number;
}

export interface ServerCost {
  rounds: number;
  secondsPerRound: number;
  health: CallCost;
  list: CallCost;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time the process has used so far (user + system), ms, from /proc/<pid>/stat. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
}

const HEALTH: ApiCall = { method: 'GET', path: API_PATHS.health };
const LIST: ApiCall = {
  method: 'POST',
  path: API_PATHS.user.list,
  body: DEFAULT_PARTICIPANT_LIST_QUERY,
};

async function round(
  baseUrl: string,
  headers: SessionHeaders,
  pid: number,
  call: ApiCall,
  seconds: number,
  into: CallCost,
): Promise<void> {
  const before = cpuMsOf(pid);
  const result = await loadServer(baseUrl, headers, [call], {
    connections: 1,
    durationSeconds: seconds,
    // The warm-up is not recorded but its CPU would be: none, and one request alone first.
    warmupSeconds: 0,
  });
  const used = cpuMsOf(pid) - before;
  if (result.errors > 0) throw new Error(`${call.path} failed ${result.errors} times`);
  // runClosedLoop sends one unrecorded request first; its CPU is in `used` as well.
  into.cpuMs.push(used / (result.requests + 1));
  into.p50.push(result.p50);
  into.requests += result.requests;
}

/**
 * What a call costs the server on its own: `/api/health` (liveness, no database) against the
 * participant list's first page, one client at a time, alternating in `rounds` rounds so that
 * other work on the machine hits both alike; the spread over rounds is the noise. CPU comes from
 * the kernel's account of the server process, so on PostgreSQL it excludes the SQL (run by the
 * database's own processes): what the server spends beyond its SQL.
 */
export async function measureServerCost(
  baseUrl: string,
  headers: SessionHeaders,
  pid: number,
  options: { rounds: number; secondsPerRound: number },
): Promise<ServerCost> {
  const health: CallCost = { p50: [], cpuMs: [], requests: 0 };
  const list: CallCost = { p50: [], cpuMs: [], requests: 0 };
  for (let index = 0; index < options.rounds; index += 1) {
    await round(baseUrl, headers, pid, HEALTH, options.secondsPerRound, health);
    await round(baseUrl, headers, pid, LIST, options.secondsPerRound, list);
  }
  return { ...options, health, list };
}

/** `median (min–max)` of the rounds. */
export function spread(values: readonly number[], digits = 2): string {
  const sorted = values.slice().sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  const low = sorted[0] ?? Number.NaN;
  const high = sorted.at(-1) ?? Number.NaN;
  return `${median.toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)})`;
}
