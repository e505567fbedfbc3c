import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { freePort } from './free-port';

export interface ServerProcess {
  url: string;
  pid: number;
  logFile: string;
  /** SIGTERM (graceful shutdown), then SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
/** Seeding the demo programme into PGlite first takes minutes on a busy 2-core machine. */
const SEEDING_START_TIMEOUT_MS = 360_000;

async function waitForHealth(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}; see ${logFile}`);
    }
    try {
      const response = await fetch(`${url}${API_PATHS.health}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the server did not answer ${API_PATHS.health} within ${timeoutMs / 1000} s; see ${logFile}`,
  );
}

/**
 * Starts the built server as `npm start` runs it in production (own process, request logging at
 * info into a file), without demo seeding, on a free port; resolves once it is healthy.
 */
export async function startServer(options: {
  serverScript: string;
  dataDir: string;
  databaseUrl?: string;
  logDir: string;
  label: string;
  /** Seed the demo programme and logins (default: no). */
  seedDemo?: boolean;
  /** The built portal to serve (default: the server's own default). */
  webDistDir?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.logDir, `server-${options.label}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [options.serverScript], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      // Empty means unset (config.ts), so the PGlite run never inherits a PostgreSQL URL.
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: options.seedDemo ? '1' : '0',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, log],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitForHealth(
      url,
      child,
      logFile,
      options.seedDemo ? SEEDING_START_TIMEOUT_MS : START_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, logFile, stop };
}
