import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/client';
import { benchClinician } from './api-session';
import { runClosedLoop, type LoadOptions } from './closed-loop';
import type { ApiCall } from './http-load';
import type { LoadResult } from './stats';

/** One statement exactly as the server handed it to node-postgres (config object and values). */
export interface CapturedStatement {
  text: string;
  config: unknown;
  values: unknown;
}

/**
 * The statements of one request in the order the server ran them: statements of one stage ran
 * at the same time (the list's count and page queries), stages one after the other.
 */
export type StatementStages = CapturedStatement[][];

interface Recorded extends CapturedStatement {
  start: number;
  end: number;
}

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string')
    return config.text;
  return String(config);
}

/** Groups recorded statements into stages: one that starts before the stage has ended joins it. */
function toStages(recorded: readonly Recorded[]): StatementStages {
  const stages: StatementStages = [];
  let stageEnd = -Infinity;
  for (const statement of [...recorded].sort((a, b) => a.start - b.start)) {
    const { text, config, values } = statement;
    const current = stages.at(-1);
    if (current && statement.start < stageEnd) {
      current.push({ text, config, values });
      stageEnd = Math.max(stageEnd, statement.end);
    } else {
      stages.push([{ text, config, values }]);
      stageEnd = statement.end;
    }
  }
  return stages;
}

export interface SqlCapture {
  /**
   * Sends the call to an in-process copy of the server (the same buildApp, routes, services and
   * repositories as the built server) and returns every statement it ran for it, so the direct
   * measurement replays the server's own SQL rather than a copy of it.
   */
  capture(call: ApiCall): Promise<StatementStages>;
  close(): Promise<void>;
}

/** Builds the in-process server over a node-postgres pool whose queries are recorded. */
export async function createSqlCapture(databaseUrl: string): Promise<SqlCapture> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  let recording: Recorded[] | null = null;
  // Every statement, pooled or in a transaction, runs on a pool client: record there, once.
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    const wrapped = (...args: unknown[]): unknown => {
      const into = recording;
      if (!into) return original(...args);
      const [config, second, third] = args;
      const entry: Recorded = {
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

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rp-bench-capture-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    // No portal files: this copy answers API calls only.
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const db = drizzle(pool) as unknown as Database;
  const database: DatabaseHandle = {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', url: databaseUrl },
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {},
    close: () => pool.end(),
  };
  const app: FastifyInstance = await buildApp({
    config,
    database,
    secrets: { jwtSecret: config.jwtSecret ?? randomBytes(48).toString('base64url') },
    logger: false,
  });

  const csrf = randomBytes(18).toString('base64url');
  const csrfHeaders = { cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER.toLowerCase()]: csrf };
  const login = await app.inject({
    method: 'POST',
    url: API_PATHS.account.login,
    headers: csrfHeaders,
    payload: benchClinician(),
  });
  const token = (login.json() as { _data?: { access_token?: string } })._data?.access_token;
  if (login.statusCode !== 200 || !token) {
    throw new Error(`in-process login failed: HTTP ${login.statusCode}`);
  }
  const headers = { ...csrfHeaders, authorization: `Bearer ${token}` };

  return {
    async capture(call) {
      const recorded: Recorded[] = [];
      recording = recorded;
      try {
        const response = await app.inject({
          method: call.method,
          url: call.path,
          headers,
          ...(call.body === undefined ? {} : { payload: call.body as object }),
        });
        if (response.statusCode !== 200) {
          throw new Error(`${call.method} ${call.path} answered HTTP ${response.statusCode}`);
        }
      } finally {
        recording = null;
      }
      return toStages(recorded);
    },
    async close() {
      await app.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
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
  /** e.g. `count users`, `select users`: what the statement does and its first table. */
  label: string;
  sql: string;
  plan: string;
  /** The plan's "Execution Time", in ms. */
  executionMs: number;
}

function statementLabel(text: string): string {
  const table = /\bfrom\s+"?([\w.]+)"?/i.exec(text)?.[1] ?? '?';
  return `${/^\s*select\s+count\(/i.test(text) ? 'count' : 'select'} ${table}`;
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
