import { setTimeout as sleep } from 'node:timers/promises';
import { summarise, type LoadResult } from './stats';

export interface OpenLoopOptions {
  ratePerSecond: number;
  durationSeconds: number;
}

/**
 * Starts a request every 1/`ratePerSecond` s for `durationSeconds`, whether or not earlier ones
 * have answered, as independent clinicians do. Each latency runs from when its request was due,
 * not from when it was sent: had the client fallen behind (a busy event loop, no free socket),
 * that wait counts too, so a stalled server cannot hide in the tail (coordinated omission).
 */
export async function runOpenLoop(
  send: () => Promise<boolean>,
  options: OpenLoopOptions,
): Promise<LoadResult> {
  const intervalMs = 1000 / options.ratePerSecond;
  const total = Math.round(options.ratePerSecond * options.durationSeconds);
  const latencies: number[] = [];
  const failures = { errors: 0 };
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      send()
        .catch(() => false)
        .then((ok) => {
          if (ok) latencies.push(performance.now() - due);
          else failures.errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return summarise(latencies, seconds, { errors: failures.errors, statusCodes: {} });
}
