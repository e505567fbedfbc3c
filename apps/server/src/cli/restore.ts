import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#app/config';
import { restoreBackup } from '#app/features/backup/backups';
import { requireBackupKey, runCli } from './cli-support';

const USAGE = 'Usage: npm run restore -- FILE [--replace]';

/**
 * Restores a backup, decrypted with BACKUP_KEY, into the PostgreSQL database DATABASE_URL
 * names, or else into DATA_DIR. Stop the servers first. A target that holds data is refused
 * unless --replace is given. DATA_DIR is left 0700 with its files 0600, as the server keeps it.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !positionals[0])
    throw new Error(`Name one backup file.\n${USAGE}`);
  const file = path.resolve(positionals[0]);
  const config = loadConfig();
  const key = requireBackupKey(config, 'read');
  const report = await restoreBackup(
    file,
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, dataDir: config.dataDir }
      : { kind: 'pglite', dataDir: config.dataDir },
    { replace: values.replace, key },
  );
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  const into =
    config.databaseKind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  process.stdout.write(
    `Restored ${file} (taken ${report.manifest.createdAt}) into ${into}: ${rows} rows in ${report.tables.length} tables, ${report.files.length} stored files. Start the server to apply any newer migrations.\n`,
  );
}

runCli(main);
