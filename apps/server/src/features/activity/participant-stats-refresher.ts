import type { Database } from '#app/db/client';
import { refreshParticipantStats } from '#app/core/participant-stats';

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
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = refreshParticipantStats(db)
      .catch((err: unknown) => options.logger.error({ err }, 'Refreshing participant stats failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  // The refresher alone must not keep the process alive.
  timer.unref();
  if (options.runImmediately ?? true) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
