import { mkdir } from 'node:fs/promises';
import type { z } from 'zod';
import type { Config } from '#app/config';
import { openConfiguredDatabase } from '#app/db/open-configured-database';
import { lockDataDir } from '#app/lib/data-dir-lock';

/** Runs a command's main: a failure prints its sentence (no stack) and exits with status 1. */
export function runCli(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/** The parsed options, or an error naming the first wrong option followed by the usage. */
export function parseCliOptions<T extends z.ZodType>(
  schema: T,
  values: unknown,
  usage: string,
): z.infer<T> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `--${issue?.path.join('.') ?? 'arguments'}: ${issue?.message ?? 'invalid'}\n${usage}`,
    );
  }
  return parsed.data;
}

/** What each backup command says when BACKUP_KEY is missing. */
export const MISSING_BACKUP_KEY = {
  write:
    'BACKUP_KEY is not set: every backup is encrypted with it. Run `npm run backup:key` for a new one, keep it outside DATA_DIR and away from the backups, and set BACKUP_KEY to it.',
  read: 'BACKUP_KEY is not set: a backup opens only with the key it was encrypted with. Set BACKUP_KEY to that key.',
} as const;

/** BACKUP_KEY, or an error with the sentence that says why the command needs it. */
export function requireBackupKey(config: Config, use: keyof typeof MISSING_BACKUP_KEY): string {
  if (config.backup.key) return config.backup.key;
  throw new Error(MISSING_BACKUP_KEY[use]);
}

/**
 * Opens the configured database migrated to the latest schema, runs `work` and closes it. An
 * embedded data directory is locked meanwhile, so a running server cannot open it too.
 */
export async function withMigratedDatabase<T>(
  config: Config,
  work: (database: Awaited<ReturnType<typeof openConfiguredDatabase>>) => Promise<T>,
): Promise<T> {
  let release = () => {};
  if (config.databaseKind === 'pglite') {
    await mkdir(config.dataDir, { recursive: true });
    release = lockDataDir(config.dataDir);
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
    release();
  }
}
