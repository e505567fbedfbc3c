import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { BACKUP_FILE_PATTERN, backupFileName } from './backup-format';
import { isPartialName } from './atomic-file';
import { writeBackupFile } from './backup-file';
import { startPeriodicTask } from '#app/core/periodic-task';

/** The part of a pino/Fastify logger the scheduler uses. */
export interface SchedulerLogger {
  info(details: object, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export interface ScheduledBackupOptions {
  dir: string;
  everyMs: number;
  keep: number;
  /** BACKUP_KEY: every archive is encrypted with it. */
  key: string;
  /** Writes the plaintext archive; it reaches the disk only encrypted. */
  takeBackup: (out: Writable) => Promise<unknown>;
  logger: SchedulerLogger;
  /** scrypt's log2 cost; only tests lower it from the product's (see sealBackup). */
  workFactor?: number;
}

/** A temporary file this old belongs to a backup that was killed, not to one still running. */
const STALE_PARTIAL_MS = 6 * 60 * 60_000;

/**
 * One scheduled backup: encrypted, written atomically into `dir` and checked (it decrypts with
 * the key, every checksum matches) before it gets its final name; then only the newest `keep` backups stay, and temporary files that a
 * kill left behind are removed. Resolves to the new file's path.
 */
export async function runScheduledBackup(
  options: Omit<ScheduledBackupOptions, 'everyMs' | 'logger'>,
): Promise<string> {
  const target = path.join(options.dir, backupFileName(new Date()));
  await writeBackupFile(target, options.key, options.takeBackup, {
    workFactor: options.workFactor,
  });
  const names = await readdir(options.dir);
  const backups = names.filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  for (const name of backups.slice(0, Math.max(0, backups.length - options.keep))) {
    await rm(path.join(options.dir, name), { force: true });
  }
  const now = Date.now();
  for (const name of names.filter(isPartialName)) {
    const info = await stat(path.join(options.dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > STALE_PARTIAL_MS) {
      await rm(path.join(options.dir, name), { force: true });
    }
  }
  return target;
}

/**
 * Takes a backup every `everyMs` (the first one interval after start). Failures are logged and
 * retried at the next tick, never thrown. Returns a stop function that waits for a backup in
 * flight, so the database can be closed after it.
 */
export function startScheduledBackups(options: ScheduledBackupOptions): () => Promise<void> {
  return startPeriodicTask(
    async () => {
      const started = Date.now();
      const file = await runScheduledBackup(options);
      const { size } = await stat(file);
      options.logger.info(
        { file, sizeBytes: size, ms: Date.now() - started },
        'Scheduled backup written',
      );
    },
    { everyMs: options.everyMs, logger: options.logger, failureMessage: 'Scheduled backup failed' },
  );
}
