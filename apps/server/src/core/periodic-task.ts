/** The part of a pino/Fastify logger a periodic task reports its failures to. */
export interface PeriodicTaskLogger {
  error(details: { err: unknown }, message: string): void;
}

/**
 * Runs `task` every `everyMs`, and once right away when asked. A failure is logged with
 * `failureMessage` and retried next tick, never thrown; a tick is skipped while the previous run
 * still goes on, and the timer alone does not keep the process alive. Returns a stop function
 * that resolves once a run in flight has finished, so the database can be closed after it.
 */
export function startPeriodicTask(
  task: () => Promise<void>,
  options: {
    everyMs: number;
    logger: PeriodicTaskLogger;
    failureMessage: string;
    runImmediately?: boolean;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .catch((err: unknown) => options.logger.error({ err }, options.failureMessage))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  if (options.runImmediately) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
