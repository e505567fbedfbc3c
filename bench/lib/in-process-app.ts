import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import { benchClinician } from './api-session';
import type { ApiCall } from './http-load';

export interface InProcessApp {
  /** Sends the call as the signed-in clinician; rejects unless it answers 200. */
  send(call: ApiCall): Promise<void>;
  close(): Promise<void>;
}

/**
 * An in-process copy of the server (the same buildApp, routes, services and repositories as the
 * built server) over `database`, signed in as the bench clinician: the statements it runs for a
 * call are the built server's own.
 */
export async function startInProcessApp(
  database: DatabaseHandle,
  databaseUrl: string,
): Promise<InProcessApp> {
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
    async send(call) {
      const response = await app.inject({
        method: call.method,
        url: call.path,
        headers,
        ...(call.body === undefined ? {} : { payload: call.body as object }),
      });
      if (response.statusCode !== 200) {
        throw new Error(`${call.method} ${call.path} answered HTTP ${response.statusCode}`);
      }
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
