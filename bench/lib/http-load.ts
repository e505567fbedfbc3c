import http from 'node:http';
import type { SessionHeaders } from './api-session';
import { runClosedLoop, type LoadOptions } from './closed-loop';
import type { LoadResult } from './stats';

export type { LoadOptions } from './closed-loop';

/** One API request as the portal sends it. */
export interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Requests that never answer fail after this, as a browser's would. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Runs `calls` (round robin, so details calls spread over many participants) against the server:
 * `connections` clients over keep-alive connections, each sending its next request when the
 * previous one answers (runClosedLoop). Latencies are taken from every response, so p95 is exact
 * rather than bucketed; non-2xx answers count as failures, by status code.
 */
export async function loadServer(
  baseUrl: string,
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  options: LoadOptions,
): Promise<LoadResult> {
  const first = calls[0];
  if (!first) throw new Error('no calls to measure');
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const statusCodes: Record<string, number> = {};
  let next = 0;
  const once = () =>
    new Promise<boolean>((resolve, reject) => {
      const call = calls[next % calls.length] ?? first;
      next += 1;
      const body = call.body === undefined ? undefined : JSON.stringify(call.body);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: call.path,
          method: call.method,
          agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            ...headers,
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.resume();
          response.on('error', reject);
          response.on('end', () => {
            const ok = status >= 200 && status < 300;
            if (!ok) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            resolve(ok);
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('request timed out')));
      request.on('error', reject);
      request.end(body);
    });
  try {
    const result = await runClosedLoop(once, options);
    return { ...result, statusCodes };
  } finally {
    agent.destroy();
  }
}
