import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PostgresCluster {
  url: string;
  /** The postmaster's process id (its server processes are its children). */
  pid: number;
  /** Server major version, e.g. '15'. */
  version: string;
  /** Turns durable commits back on after the bulk load (the load runs with fsync off). */
  makeDurable(): Promise<void>;
  stop(): void;
}

/** The bin directory of the newest installed PostgreSQL, or null when there is none. */
export function findPostgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and pg_ctl refuse to run as root, so as root they run as the postgres user. */
function runPostgresTool(bin: string, tool: string, args: string[]): void {
  const command = isRoot() ? 'runuser' : path.join(bin, tool);
  const fullArgs = isRoot() ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${tool} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * Starts a throw-away cluster on 127.0.0.1 under a temporary directory, as .ci/run does. The
 * bulk load runs with fsync off; makeDurable() turns it on (a reload, no restart) before
 * anything is measured, so commits cost what they cost in production.
 */
export async function startThrowawayCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rp-bench-pg-'));
  if (isRoot()) {
    const chown = spawnSync('chown', ['postgres', dir]);
    if (chown.status !== 0) throw new Error(`chown postgres ${dir} failed`);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        runPostgresTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
      } catch {
        // Already gone; the directory is removed either way.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runPostgresTool(bin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    // In the configuration file, not on the command line: a command-line setting outranks the
    // ALTER SYSTEM with which makeDurable() turns fsync back on, which then changed nothing.
    // The bulk load also skips full-page images and checkpoints less often (the seed writes
    // gigabytes of WAL): both only protect against a crash, which would just mean seeding again.
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      '\nfsync = off\nfull_page_writes = off\nmax_wal_size = 8GB\ncheckpoint_timeout = 30min\n',
    );
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-p ${port}`,
      `-k ${dir}`,
      '-c shared_buffers=256MB',
      '-c max_connections=100',
    ].join(' ');
    runPostgresTool(bin, 'pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url,
    pid,
    version: path.basename(path.dirname(bin)),
    async makeDurable() {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('alter system set fsync = on');
        await client.query('alter system set full_page_writes = on');
        await client.query('select pg_reload_conf()');
        await client.query('checkpoint');
        // The reload is asynchronous; the measurements must not start without durable commits.
        for (let attempt = 0; ; attempt += 1) {
          const { rows } = await client.query<{ on: boolean }>(
            "select current_setting('fsync') = 'on' and current_setting('full_page_writes') = 'on' as on",
          );
          if (rows[0]?.on) break;
          if (attempt === 50) throw new Error('PostgreSQL kept fsync off after the reload');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
