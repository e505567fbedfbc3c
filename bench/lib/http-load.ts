import http from 'node:http';
import type { SessionHeaders } from './api-session';
import { runClosedLoop, type LoadOptions } from './closed-loop';
import { runOpenLoop, type OpenLoopOptions } from './open-loop';
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
 * Sends `calls` round robin (so details calls spread over many participants) over at most
 * `sockets` keep-alive connections; `send` resolves whether the answer was 2xx, and non-2xx
 * answers are counted by status code.
 */
function createCaller(
  baseUrl: string,
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  sockets: number,
) {
  const first = calls[0];
  if (!first) throw new Error('no calls to measure');
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const statusCodes: Record<string, number> = {};
  let next = 0;
  const send = () =>
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
  return { send, statusCodes, close: () => agent.destroy() };
}

/**
 * Runs `calls` against the server: `connections` clients, each sending its next request when
 * the previous one answers (runClosedLoop). Latencies are taken from every response, so p95 is
 * exact rather than bucketed; non-2xx answers count as failures, by status code.
 */
export async function loadServer(
  baseUrl: string,
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  options: LoadOptions,
): Promise<LoadResult> {
  const caller = createCaller(baseUrl, headers, calls, options.connections);
  try {
    const result = await runClosedLoop(caller.send, options);
    return { ...result, statusCodes: caller.statusCodes };
  } finally {
    caller.close();
  }
}

/** Sockets an open-loop run may hold open: enough that a slow second never waits for one. */
const OPEN_LOOP_SOCKETS = 256;

/** Sends `calls` at a fixed rate whatever the answers (runOpenLoop). */
export async function loadServerOpenLoop(
  baseUrl: string,
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  options: OpenLoopOptions,
): Promise<LoadResult> {
  const caller = createCaller(baseUrl, headers, calls, OPEN_LOOP_SOCKETS);
  try {
    const result = await runOpenLoop(caller.send, options);
    return { ...result, statusCodes: caller.statusCodes };
  } finally {
    caller.close();
  }
}
