import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#app/config';
import { openConfiguredDatabase } from '#app/db/open-configured-database';
import { writeFileAtomically } from '#app/features/backup/atomic-file';
import { writeBackup } from '#app/features/backup/backup-archive';
import {
  backupSocketPath,
  requestBackup,
  socketPathFits,
} from '#app/features/backup/backup-socket';
import { verifyArchive } from '#app/features/backup/read-archive';
import { dataDirHolder, lockDataDir } from '#app/lib/data-dir-lock';

const USAGE = 'Usage: npm run backup -- --out FILE';

/**
 * Writes a backup of the configured database and its stored files to --out. On the embedded
 * database while a server runs, that server takes it (only it may open DATA_DIR); otherwise
 * this process reads the database itself. The file appears only complete and checked.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error(`--out is required.\n${USAGE}`);
  const out = path.resolve(values.out);
  const config = loadConfig();
  const server = config.databaseKind === 'pglite' ? dataDirHolder(config.dataDir) : null;
  if (server !== null) {
    if (!socketPathFits(backupSocketPath(config.dataDir))) {
      throw new Error(
        'DATA_DIR is too long a path for the backup socket: use scheduled backups (BACKUP_EVERY).',
      );
    }
    await writeFileAtomically(
      out,
      (stream) => requestBackup(config.dataDir, stream),
      verifyArchive,
    );
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
        await writeFileAtomically(
          out,
          (stream) => writeBackup({ database, dataDir: config.dataDir, out: stream }),
          verifyArchive,
        );
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  const manifest = await verifyArchive(out);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
  const { size } = await stat(out);
  process.stdout.write(
    `Backup written to ${out}: ${rows} rows in ${manifest.tables.length} tables, ${files} stored files, ${size} bytes${server === null ? '' : ` (taken by the running server, process ${server})`}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
