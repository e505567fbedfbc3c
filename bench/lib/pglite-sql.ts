import { openDatabase, type DatabaseDriver } from '../../apps/server/src/db/client';
import { runClosedLoop, type LoadOptions } from './closed-loop';
import type { SqlCapture } from './direct-sql';
import { startInProcessApp } from './in-process-app';
import type { LoadResult } from './stats';
import {
  statementRecorder,
  toTransactionRuns,
  type CapturedStatement,
  type RecordedStatement,
  type StatementStages,
} from './statement-stages';

// The server's PGlite types, through its own driver handle (PGlite is the server's dependency).
type PGlite = Extract<DatabaseDriver, { kind: 'pglite' }>['client'];
type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];
type Queryable = Pick<PGlite, 'query' | 'exec'>;

/**
 * Records every `query` and `exec` made on `target` into `sink()` (when it returns a list), as
 * the server's driver made them: text, parameters and options.
 */
function recordQueries<T extends Queryable>(
  target: T,
  sink: () => RecordedStatement[] | null,
): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  const timed = async <R>(
    entry: Omit<RecordedStatement, 'start' | 'end'>,
    run: () => Promise<R>,
  ) => {
    const into = sink();
    if (!into) return run();
    const recorded: RecordedStatement = { ...entry, start: performance.now(), end: Infinity };
    into.push(recorded);
    try {
      return await run();
    } finally {
      recorded.end = performance.now();
    }
  };
  Object.assign(target, {
    query: (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
      timed({ kind: 'query', text, config: options, values: params }, () =>
        query(text, params, options),
      ),
    exec: (text: string, options?: Parameters<PGlite['exec']>[1]) =>
      timed({ kind: 'exec', text, config: options, values: undefined }, () => exec(text, options)),
  });
}

/**
 * Hooks the PGlite the server's own `openDatabase` opened: its `query` and `exec`, and those of
 * every transaction it opens, whose begin and commit (or rollback) are recorded as markers.
 */
export function recordPglite(client: PGlite, sink: () => RecordedStatement[] | null): void {
  recordQueries(client, sink);
  const transaction = client.transaction.bind(client);
  const mark = (kind: 'begin' | 'commit' | 'rollback') => {
    const at = performance.now();
    sink()?.push({ kind, text: kind, config: undefined, values: undefined, start: at, end: at });
  };
  Object.assign(client, {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      transaction(async (tx) => {
        mark('begin');
        recordQueries(tx, sink);
        try {
          const result = await work(tx);
          mark(tx.closed ? 'rollback' : 'commit');
          return result;
        } catch (error) {
          mark('rollback');
          throw error;
        }
      }),
  });
}

function run(target: Queryable, statement: CapturedStatement): Promise<unknown> {
  type QueryOptions = Parameters<PGlite['query']>[2];
  return statement.kind === 'exec'
    ? target.exec(statement.text, statement.config as QueryOptions)
    : target.query(statement.text, statement.values as unknown[], statement.config as QueryOptions);
}

export interface PgliteSql extends SqlCapture {
  /** Replays the statements of one call into the same PGlite, one call after the other. */
  replay(stages: StatementStages, options: LoadOptions): Promise<LoadResult>;
}

/**
 * Opens the embedded database of `dataDir` (after the built server has let go of it) the way
 * the server does, and an in-process copy of the server over it whose statements are recorded.
 */
export async function openPgliteSql(dataDir: string): Promise<PgliteSql> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  if (database.driver.kind !== 'pglite') throw new Error('openDatabase opened no PGlite');
  const client = database.driver.client;
  // The replay calls PGlite itself, not the recording wrappers.
  const direct = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    transaction: client.transaction.bind(client),
  };
  const recorder = statementRecorder();
  recordPglite(client, recorder.sink);
  const app = await startInProcessApp(database, '');
  return {
    capture: (call) => recorder.capture(() => app.send(call)),
    replay(stages, options) {
      // One connection: every statement waits for the one before it, whatever the stages.
      const runs = toTransactionRuns(stages.flat());
      return runClosedLoop(async () => {
        for (const { transaction, statements } of runs) {
          if (transaction) {
            await direct.transaction(async (tx) => {
              for (const statement of statements) await run(tx, statement);
            });
          } else {
            for (const statement of statements) await run(direct, statement);
          }
        }
        return true;
      }, options);
    },
    close: () => app.close(),
  };
}
