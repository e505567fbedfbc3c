import autocannon from 'autocannon';
import type { SessionHeaders } from './api-session';
import { summarise, type LoadResult } from './stats';

/** One API request as the portal sends it. */
export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/**
 * Runs `calls` (round robin, so details calls spread over many participants) against the server
 * with autocannon: `connections` clients, each sending its next request when the previous one
 * answers. Latencies are taken from every response, so p95 is exact rather than bucketed.
 */
export async function loadServer(
  baseUrl: string,
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  options: LoadOptions,
): Promise<LoadResult> {
  const first = calls[0];
  if (!first) throw new Error('no calls to measure');
  let next = 0;
  const requests = [
    {
      setupRequest: (request: autocannon.Request) => {
        const call = calls[next % calls.length] ?? first;
        next += 1;
        request.method = call.method;
        request.path = call.path;
        if (call.body === undefined) {
          delete request.body;
        } else {
          request.body = JSON.stringify(call.body);
        }
        return request;
      },
    },
  ];
  const run = (limit: { duration: number } | { amount: number }, record: boolean) =>
    new Promise<{ result: autocannon.Result; latencies: number[]; failed: Record<string, number> }>(
      (resolve, reject) => {
        const latencies: number[] = [];
        const failed: Record<string, number> = {};
        const instance = autocannon(
          {
            url: baseUrl,
            connections: options.connections,
            ...limit,
            timeout: 60,
            headers: { ...headers, 'content-type': 'application/json' },
            requests,
          },
          (error: unknown, result) => {
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve({ result, latencies, failed });
          },
        );
        if (!record) return;
        instance.on('response', (_client, statusCode, _bytes, responseTime) => {
          if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
          else failed[statusCode] = (failed[statusCode] ?? 0) + 1;
        });
      },
    );
  // Warm-up: connections open, plans cached, JIT warm; nothing of it is recorded.
  if (options.warmupSeconds > 0) await run({ duration: options.warmupSeconds }, false);
  let measured = await run({ duration: options.durationSeconds }, true);
  // A call slower than the window answers too few requests in it (autocannon drops the ones
  // still in flight at the end): measure a fixed number instead, however long that takes.
  if (measured.latencies.length < options.connections) {
    measured = await run({ amount: options.connections }, true);
  }
  const { result, latencies, failed } = measured;
  const rejected = Object.values(failed).reduce((sum, n) => sum + n, 0);
  const seconds = result.duration > 0 ? result.duration : options.durationSeconds;
  return summarise(latencies, seconds, { errors: result.errors + rejected, statusCodes: failed });
}
