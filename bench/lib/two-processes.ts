import type { SessionHeaders } from './api-session';
import { loadServer, type ApiCall, type LoadOptions } from './http-load';
import type { LoadResult } from './stats';

/** Throughput of one server process against two sharing the database (README, Sizing). */
export interface TwoProcessFigure {
  /** All clients on one process. */
  one: LoadResult;
  /** Half the clients on each of two processes, at the same time. */
  two: LoadResult[];
  /** Requests a second answered by two processes over those answered by one. */
  throughputRatio: number;
}

/**
 * The same closed-loop load (the same clients, the same calls, the same time) first against one
 * process, then split evenly over two.
 */
export async function measureTwoProcesses(
  urls: readonly [string, string],
  headers: SessionHeaders,
  calls: readonly ApiCall[],
  options: LoadOptions,
): Promise<TwoProcessFigure> {
  const one = await loadServer(urls[0], headers, calls, options);
  const half = { ...options, connections: Math.max(1, Math.round(options.connections / 2)) };
  const two = await Promise.all(urls.map((url) => loadServer(url, headers, calls, half)));
  const twoRate = two.reduce((sum, result) => sum + result.requestsPerSecond, 0);
  return { one, two, throughputRatio: twoRate / one.requestsPerSecond };
}
