import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { joinAmbientTransactions } from '../../apps/server/src/db/ambient-transaction';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/client';
import { runClosedLoop, type LoadOptions } from './closed-loop';
import type { ApiCall } from './http-load';
import { startInProcessApp } from './in-process-app';
import type { LoadResult } from './stats';
import {
  statementRecorder,
  type RecordedStatement,
  type StatementStages,
} from './statement-stages';

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string')
    return config.text;
  return String(config);
}

export interface SqlCapture {
  /**
   * Sends the call to an in-process copy of the server and returns every statement it ran for
   * it, so the direct measurement replays the server's own SQL rather than a copy of it.
   */
  capture(call: ApiCall): Promise<StatementStages>;
  close(): Promise<void>;
}

/** Builds the in-process server over a node-postgres pool whose queries are recorded. */
export async function createSqlCapture(databaseUrl: string): Promise<SqlCapture> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  const recorder = statementRecorder();
  // Every statement, pooled or in a transaction, runs on a pool client: record there, once.
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    const wrapped = (...args: unknown[]): unknown => {
      const into = recorder.sink();
      if (!into) return original(...args);
      const [config, second, third] = args;
      const entry: RecordedStatement = {
        kind: 'query',
        text: statementText(config),
        config,
        values: typeof second === 'function' ? undefined : second,
        start: performance.now(),
        end: Number.POSITIVE_INFINITY,
      };
      into.push(entry);
      const done = () => {
        entry.end = performance.now();
      };
      // Pool.query passes a callback; drizzle's transactions use the promise.
      const callback = [second, third].find((arg) => typeof arg === 'function') as
        ((...results: unknown[]) => void) | undefined;
      if (callback) {
        const rest = args.map((arg) =>
          arg === callback
            ? (...results: unknown[]) => {
                done();
                callback(...results);
              }
            : arg,
        );
        return original(...rest);
      }
      const result = original(...args);
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    };
    Object.assign(client, { query: wrapped });
  });

  const database: DatabaseHandle = {
    // As openDatabase builds it: a request's queries join its transaction.
    db: joinAmbientTransactions(drizzle(pool) as unknown as Database),
    kind: 'postgres',
    driver: { kind: 'postgres', url: databaseUrl },
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {},
    close: () => pool.end(),
  };
  const app = await startInProcessApp(database, databaseUrl);
  return {
    capture: (call) => recorder.capture(() => app.send(call)),
    close: () => app.close(),
  };
}

/**
 * Replays captured statements straight through node-postgres: `connections` clients of one pool,
 * each running the stages of one request (a stage's statements at once) and then the next
 * request, in the same closed loop and for the same time as the server run.
 */
export function loadDirect(
  pool: pg.Pool,
  stages: StatementStages,
  options: LoadOptions,
): Promise<LoadResult> {
  const query = pool.query.bind(pool) as QueryFn;
  return runClosedLoop(async () => {
    for (const stage of stages) {
      await Promise.all(stage.map((statement) => query(statement.config, statement.values)));
    }
    return true;
  }, options);
}

export interface StatementPlan {
  /**
   * e.g. `count users`, `select users`: what the statement does and its first table; a statement
   * of CTEs names them, and the audit row it writes (`with participant, rows, audit: select
   * participant + insert audit_log`).
   */
  label: string;
  sql: string;
  plan: string;
  /** The plan's "Execution Time", in ms. */
  executionMs: number;
}

export function statementLabel(text: string): string {
  const ctes = /^\s*with\b/i.test(text)
    ? [...text.matchAll(/(?:^\s*with\s+|\)\s*,\s*)"?(\w+)"?\s+as\s*\(/gi)].map((m) => m[1])
    : [];
  const table = /\bfrom\s+"?([\w.]+)"?/i.exec(text)?.[1] ?? '?';
  const read = `${/^\s*select\s+count\(/i.test(text) ? 'count' : 'select'} ${table}`;
  if (ctes.length === 0) return read;
  const audit = /\binsert\s+into\s+"?audit_log"?/i.test(text) ? ' + insert audit_log' : '';
  return `with ${ctes.join(', ')}: ${read}${audit}`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every SELECT of the stages, in order; `cache` holds those explained before. */
export async function explainStages(
  pool: pg.Pool,
  stages: StatementStages,
  cache: Map<string, StatementPlan>,
): Promise<StatementPlan[]> {
  const plans: StatementPlan[] = [];
  for (const statement of stages.flat()) {
    if (!/^\s*(with|select)\b/i.test(statement.text)) continue;
    const values = Array.isArray(statement.values) ? (statement.values as unknown[]) : [];
    // Calls share statements (every nudge-list sort counts the same rows): each runs once.
    const key = JSON.stringify([statement.text, values]);
    const known = cache.get(key);
    if (known) {
      plans.push(known);
      continue;
    }
    const result = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      values,
    );
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    const explained: StatementPlan = {
      label: statementLabel(statement.text),
      sql: statement.text,
      plan,
      executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN),
    };
    cache.set(key, explained);
    plans.push(explained);
  }
  return plans;
}
