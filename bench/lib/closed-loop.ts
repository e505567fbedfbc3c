import { summarise, type LoadResult } from './stats';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/**
 * `connections` clients, each sending its next request when the previous one answered, for
 * `durationSeconds`. A request started inside the window is awaited and counted even when it
 * ends after it: nothing is left running on the server to slow the next measurement, and a slow
 * call is not biased towards its fast answers. The server run and the direct replay both use
 * this, so their ratio compares like with like.
 *
 * Before it, one request alone (plans cached, connections open) and, unless that request alone
 * already took longer than the warm-up, a concurrent warm-up that is not recorded: a call that
 * slow would spend a whole round of 20 requests warming up.
 */
export async function runClosedLoop(
  once: () => Promise<boolean>,
  options: LoadOptions,
): Promise<LoadResult> {
  const probeStarted = performance.now();
  await once();
  const probeMs = performance.now() - probeStarted;
  const loop = async (until: number, latencies: number[] | null, failures: { errors: number }) => {
    do {
      const started = performance.now();
      const ok = await once().catch(() => false);
      if (ok) latencies?.push(performance.now() - started);
      else failures.errors += 1;
    } while (performance.now() < until);
  };
  const clients = Array.from({ length: options.connections });
  if (options.warmupSeconds > 0 && probeMs < options.warmupSeconds * 1000) {
    const until = performance.now() + options.warmupSeconds * 1000;
    await Promise.all(clients.map(() => loop(until, null, { errors: 0 })));
  }
  const latencies: number[] = [];
  const failures = { errors: 0 };
  const started = performance.now();
  const until = started + options.durationSeconds * 1000;
  await Promise.all(clients.map(() => loop(until, latencies, failures)));
  const seconds = (performance.now() - started) / 1000;
  return summarise(latencies, seconds, { errors: failures.errors, statusCodes: {} });
}
