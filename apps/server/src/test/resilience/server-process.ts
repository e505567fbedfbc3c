import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@recovery-portal/contract/paths';

/** The repository root: `--import tsx` and the server's relative paths resolve from there. */
export const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../..',
);
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

/** One signing secret for every server a test starts, as a deployment sets JWT_SECRET for all. */
export const SHARED_JWT_SECRET = 'resilience-tests-shared-secret-0123456789abcdefghij';

/** Loaded CI machines need most of this for the TypeScript loader and PGlite's first start. */
const START_TIMEOUT_MS = 90_000;

export interface ServerOptions {
  /** PGlite's folder and the DICOM store; the same folder again means the same data. */
  dataDir: string;
  /** PostgreSQL; without it the server opens PGlite in dataDir. */
  databaseUrl?: string;
  /** Extra environment (throttling limits and the like). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests are cut off mid-way. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful shutdown `npm start` gets from Ctrl-C. */
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}${API_PATHS.health}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Starts the server from its TypeScript source in its own process, as `npm start` runs it
 * (production mode, no demo data, no portal build), on a free port; resolves once healthy.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: '0',
      JWT_SECRET: SHARED_JWT_SECRET,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-portal-build'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    // The tail is what explains a failure; keep memory bounded on chatty runs.
    printed = (printed + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => printed;
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  try {
    await waitUntilHealthy(url, child, output);
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    output,
    kill,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited(child);
      clearTimeout(forced);
    },
  };
}
