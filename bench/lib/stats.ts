/** The value below which `fraction` of the samples fall (nearest rank); NaN for no samples. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Latency and throughput of one measured run. */
export interface LoadResult {
  /** Completed requests (any status). */
  requests: number;
  /** Requests that failed: connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** Status codes other than 2xx, with their counts. */
  statusCodes: Record<string, number>;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Summarises latencies (ms) of successful requests measured over `durationSeconds`. */
export function summarise(
  latencies: number[],
  durationSeconds: number,
  failures: { errors: number; statusCodes: Record<string, number> },
): LoadResult {
  const sorted = latencies.slice().sort((a, b) => a - b);
  const requests = latencies.length + failures.errors;
  return {
    requests,
    errors: failures.errors,
    statusCodes: failures.statusCodes,
    durationSeconds,
    requestsPerSecond: requests / durationSeconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
