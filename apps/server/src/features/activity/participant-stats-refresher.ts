import type { Database } from '#app/db/client';
import { refreshParticipantStats } from '#app/core/participant-stats';
import { startPeriodicTask } from '#app/core/periodic-task';

/** The part of a pino/Fastify logger the refresher uses. */
export interface RefresherLogger {
  error(details: { err: unknown }, message: string): void;
}

export interface ParticipantStatsRefresherOptions {
  intervalMs: number;
  logger: RefresherLogger;
  /** Refresh once right away (default true): counts may be days old after a restart. */
  runImmediately?: boolean;
}

/**
 * Refreshes participant_stats every `intervalMs`, because the 7-day window moves with time even
 * when nobody does anything. Failures are logged and retried next tick, never thrown; a tick is
 * skipped while the previous one still runs. Returns a stop function that resolves once any
 * refresh in flight has finished, so the database can be closed after it.
 */
export function startParticipantStatsRefresher(
  db: Database,
  options: ParticipantStatsRefresherOptions,
): () => Promise<void> {
  return startPeriodicTask(() => refreshParticipantStats(db), {
    everyMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'Refreshing participant stats failed',
    runImmediately: options.runImmediately ?? true,
  });
}
