import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#app/config';
import { openConfiguredDatabase } from '#app/db/open-configured-database';
import {
  backupSocketPath,
  requestBackup,
  socketPathFits,
  writeBackup,
  writeBackupFile,
} from '#app/features/backup/backups';
import { dataDirHolder, lockDataDir } from '#app/lib/data-dir-lock';
import { requireBackupKey, runCli } from './cli-support';

const USAGE = 'Usage: npm run backup -- --out FILE';

/**
 * Writes a backup of the configured database and its stored files to --out, encrypted with
 * BACKUP_KEY. On the embedded database while a server runs, that server takes it (only it may
 * open DATA_DIR) and hands this process the plaintext over its owner-only socket; otherwise
 * this process reads the database itself. The file appears only complete, encrypted and checked.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error(`--out is required.\n${USAGE}`);
  const out = path.resolve(values.out);
  const config = loadConfig();
  const key = requireBackupKey(config, 'write');
  const server = config.databaseKind === 'pglite' ? dataDirHolder(config.dataDir) : null;
  let manifest;
  if (server !== null) {
    if (!socketPathFits(backupSocketPath(config.dataDir))) {
      throw new Error(
        'DATA_DIR is too long a path for the backup socket: use scheduled backups (BACKUP_EVERY).',
      );
    }
    manifest = await writeBackupFile(out, key, (plain) => requestBackup(config.dataDir, plain));
  } else {
    let release = () => {};
    if (config.databaseKind === 'pglite') {
      if (!(await stat(path.join(config.dataDir, 'pglite')).catch(() => null))) {
        throw new Error(`${config.dataDir} holds no database to back up.`);
      }
      release = lockDataDir(config.dataDir);
    }
    try {
      const database = await openConfiguredDatabase(config);
      try {
        manifest = await writeBackupFile(out, key, (plain) =>
          writeBackup({ database, dataDir: config.dataDir, out: plain }),
        );
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
  const { size } = await stat(out);
  process.stdout.write(
    `Backup written to ${out}: ${rows} rows in ${manifest.tables.length} tables, ${files} stored files, ${size} bytes, encrypted with BACKUP_KEY${server === null ? '' : ` (taken by the running server, process ${server})`}.\n`,
  );
}

runCli(main);
