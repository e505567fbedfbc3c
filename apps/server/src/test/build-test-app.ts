import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { loginResponseSchema, type LoginResponse } from '@recovery-portal/contract/account';
import {
  errorEnvelopeSchema,
  type ErrorCode,
  type ErrorEnvelope,
} from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';
import { buildApp, type AppDeps } from '#app/app';
import { loadConfig, type Config } from '#app/config';
import { openDatabase, type Database, type DatabaseHandle } from '#app/db/client';
import { createStaffAccount } from '#app/core/staff-accounts/create-staff-account';
import type { MailMessage, Mailer } from '#app/mail/mailer';
import { loggerOptions } from '#app/plugins/request-logging';
import { openMigratedPglite } from './migrated-pglite';

/** The signing secret of every test app, so tests can forge (expired, tampered) tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Records every message instead of delivering it. */
export interface CapturingMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function createCapturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return {
    transport: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Closing it (idempotent) simulates the database going away. */
  database: DatabaseHandle;
  config: Config;
  /** The capturing mailer, or null when the app was built with its configured mailer. */
  mailer: CapturingMailer | null;
  /** Messages sent through the capturing mailer (empty when the configured mailer is used). */
  sentMail: MailMessage[];
  /** Empties every table and the captured mail, for a clean slate between tests of one file. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Routes or hooks to add before the app becomes ready (Fastify refuses them afterwards). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** false: let the app pick its mailer from the configuration (SMTP_URL or the outbox table). */
  captureMail?: boolean;
  /** A logger of the test's own (say, writing into an array) instead of LOG_LEVEL's. */
  logger?: AppDeps['logger'];
  /** Where the app's log goes (with the server's own serializers), to read what it logs. */
  logStream?: Writable;
}

/** An idempotent close, so a test may close the database itself and close() still works. */
function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * In-memory PGlite (a copy of the migrated template) by default; with TEST_DATABASE_URL a
 * brand-new PostgreSQL database per call, dropped again by the returned function.
 */
async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  // Test helpers may read the environment; config.ts stays the only product reader.
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openMigratedPglite(), drop: async () => {} };
  const name = `rp_test_${randomBytes(8).toString('hex')}`;
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`create database "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    database,
    drop: () =>
      withAdminClient(adminUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

/**
 * Empties every table of the public schema (whatever features have added), keeping the
 * migration bookkeeping. Far cheaper than a new database: PGlite takes seconds to start.
 * DELETE rather than TRUNCATE, which costs file operations per table on PostgreSQL; a table still
 * referenced by another is retried after that one. audit_log is append-only (a trigger refuses
 * deletes), so it is kept: filter it by the ids or emails of the current test. Sequences keep
 * counting, so ids never repeat across resets.
 */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(sql`
    do $$
    declare
      pending text[];
      remaining text[];
      target text;
    begin
      select array_agg(format('%I.%I', schemaname, tablename)) into pending
        from pg_tables where schemaname = 'public' and tablename <> 'audit_log';
      while coalesce(array_length(pending, 1), 0) > 0 loop
        remaining := '{}';
        foreach target in array pending loop
          begin
            execute 'delete from ' || target;
          exception when foreign_key_violation then
            remaining := remaining || target;
          end;
        end loop;
        if coalesce(array_length(remaining, 1), 0) = array_length(pending, 1) then
          raise exception 'cannot empty tables %', remaining;
        end if;
        pending := remaining;
      end loop;
    end $$`);
}

/**
 * Builds the app before the file's tests and closes it after them: `const testApp = useTestApp();`
 * instead of a beforeAll/afterAll pair. Its properties read through to the app of the current run,
 * so use them inside tests and hooks (reading one at the top level throws).
 */
export function useTestApp(envOverrides: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}) {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(envOverrides, options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app exists only inside tests and hooks.');
    return built;
  };
  const view: TestApp = {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get mailer() {
      return current().mailer;
    },
    get sentMail() {
      return current().sentMail;
    },
    reset: () => current().reset(),
    close: () => current().close(),
  };
  return view;
}

/** A fresh, migrated database and an app built on it with test configuration. */
export async function buildTestApp(
  envOverrides: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    DATA_DIR: path.join(tmpdir(), `rp-test-data-${randomBytes(6).toString('hex')}`),
    WEB_DIST_DIR: path.join(tmpdir(), `rp-no-web-dist-${randomBytes(6).toString('hex')}`),
    ...envOverrides,
  });
  const opened = await openTestDatabase();
  const database = closeOnce(opened.database);
  const mailer = options.captureMail === false ? null : createCapturingMailer();
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    app = await buildApp({
      config,
      database,
      secrets: { jwtSecret: config.jwtSecret ?? TEST_JWT_SECRET },
      ...(mailer ? { mailer } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.logStream ? { logger: loggerOptions(config, options.logStream) } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await app?.close();
    await database.close();
    await opened.drop();
    throw error;
  }
  const ready = app;
  return {
    app: ready,
    db: database.db,
    database,
    config,
    mailer,
    sentMail: mailer?.sent ?? [],
    async reset() {
      await resetDatabase(database.db);
      mailer?.sent.splice(0);
    },
    async close() {
      await ready.close();
      await database.close();
      await opened.drop();
    },
  };
}

/** Double-submit CSRF headers every non-GET API call needs. */
export function csrfHeaders(): Record<string, string> {
  return { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
}

/** CSRF headers plus the bearer access token. */
export function authHeaders(accessToken: string): Record<string, string> {
  return { ...csrfHeaders(), authorization: `Bearer ${accessToken}` };
}

/** POSTs a JSON body with valid CSRF headers (and a client address, for throttling tests). */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: InjectOptions['payload'],
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...csrfHeaders(), ...options.headers },
    payload: body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Asserts a success envelope with a 200 and returns its typed `_data`. */
export function successData<T extends z.core.$ZodType>(
  response: LightMyRequestResponse,
  schema: T,
): z.output<T> {
  if (response.statusCode !== 200) {
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  const envelope = z
    .object({ _success: z.literal(true), _data: z.unknown() })
    .strict()
    .parse(response.json());
  return z.parse(schema, envelope._data);
}

/**
 * Asserts the failure envelope of DESIGN.md §3: the status, the machine code, a human sentence
 * in `_error` that is the same as `error.message`.
 */
export function failure(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
): ErrorEnvelope {
  if (response.statusCode !== status) {
    throw new Error(
      `expected ${status}, got ${response.statusCode}: ${response.body.slice(0, 500)}`,
    );
  }
  const envelope = z.strictObject(errorEnvelopeSchema.shape).parse(response.json());
  if (envelope.error.code !== code) {
    throw new Error(`expected error code ${code}, got ${envelope.error.code}`);
  }
  if (envelope._error !== envelope.error.message || envelope._error.trim() === '') {
    throw new Error(`_error and error.message differ or are empty: ${response.body}`);
  }
  return envelope;
}

let staffSequence = 0;

export interface LoggedInStaff extends LoginResponse {
  email: string;
  password: string;
}

/** Creates an activated staff account of the role and logs it in through the API. */
export async function loginAs(testApp: TestApp, role: StaffRole): Promise<LoggedInStaff> {
  staffSequence += 1;
  const email = `${role.toLowerCase()}-${staffSequence}-${randomBytes(3).toString('hex')}@clinic.test`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  await createStaffAccount(testApp.db, {
    role,
    email,
    password,
    firstName: role === 'ADMINISTRATOR' ? 'Ada' : 'Cleo',
    lastName: 'Tester',
  });
  const response = await postJson(testApp.app, API_PATHS.account.login, {
    user_name: email,
    password,
  });
  return { ...successData(response, loginResponseSchema), email, password };
}
