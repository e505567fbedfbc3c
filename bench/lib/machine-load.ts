import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** How busy the machine was during the run, and how much of that was not the benchmark. */
export interface MachineLoad {
  /** 1-minute load average: includes the benchmark's own processes. */
  loadAverage: { min: number; mean: number; max: number };
  /**
   * Share of all cores used by processes outside the benchmark (other users' builds and tests),
   * from /proc; null where /proc is not available.
   */
  othersCpuShare: number | null;
  /** Share of all cores the benchmark itself used (its processes and its PostgreSQL). */
  benchCpuShare: number | null;
  samples: number;
}

const TICKS = 100; // USER_HZ on Linux

/** Busy CPU ticks of the whole machine (all but idle and iowait). */
function machineBusyTicks(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  } catch {
    return null;
  }
}

interface ProcessTicks {
  ppid: number;
  /** Own CPU plus that of its exited, reaped children. */
  ticks: number;
}

function processTable(): Map<number, ProcessTicks> {
  const table = new Map<number, ProcessTicks>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name, which may itself contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      table.set(Number(name), {
        ppid: Number(fields[1]),
        ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0),
      });
    } catch {
      // The process exited while the table was read.
    }
  }
  return table;
}

/** CPU ticks of the given processes and all their descendants. */
function treeTicks(roots: ReadonlySet<number>): number {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const stack = [...roots];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const pid = stack.pop() ?? 0;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += table.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Samples the load average every 5 s and, on Linux, how much CPU went to processes outside the
 * benchmark: the machine's busy time minus that of this process tree and of any tracked process
 * tree (the throw-away PostgreSQL, whose server runs detached).
 */
export function startLoadSampler() {
  const loads: number[] = [os.loadavg()[0] ?? 0];
  const roots = new Set<number>([process.pid]);
  const startBusy = machineBusyTicks();
  const startedAt = performance.now();
  let ours = 0;
  let lastOurs = startBusy === null ? 0 : treeTicks(roots);
  const sample = () => {
    loads.push(os.loadavg()[0] ?? 0);
    if (startBusy === null) return;
    // Ticks of processes that exited are kept by their parent (cutime), so differences add up.
    const now = treeTicks(roots);
    ours += Math.max(0, now - lastOurs);
    lastOurs = now;
  };
  const timer = setInterval(sample, 5000);
  timer.unref();
  return {
    /** Counts this process (say, PostgreSQL's postmaster) and its children as the benchmark's. */
    track(pid: number) {
      sample();
      roots.add(pid);
      lastOurs = treeTicks(roots);
    },
    stop(): MachineLoad {
      clearInterval(timer);
      sample();
      const busy = machineBusyTicks();
      const capacity = ((performance.now() - startedAt) / 1000) * TICKS * os.cpus().length;
      const total = startBusy === null || busy === null ? null : busy - startBusy;
      return {
        loadAverage: {
          min: Math.min(...loads),
          mean: loads.reduce((a, b) => a + b, 0) / loads.length,
          max: Math.max(...loads),
        },
        othersCpuShare: total === null ? null : Math.max(0, total - ours) / capacity,
        benchCpuShare: total === null ? null : ours / capacity,
        samples: loads.length,
      };
    },
  };
}
