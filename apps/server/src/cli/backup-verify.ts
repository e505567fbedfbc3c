import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#app/config';
import { restoreBackup } from '#app/features/backup/backups';
import { requireBackupKey, runCli } from './cli-support';

const USAGE = 'Usage: npm run backup:verify -- FILE';

/**
 * Proves a backup restores: decrypts and checks the archive with BACKUP_KEY, restores it into
 * a throw-away in-memory database and folder, and reports each table's rows and each file's
 * checksum as restored. Touches neither DATA_DIR nor DATABASE_URL.
 */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1 || !positionals[0])
    throw new Error(`Name one backup file.\n${USAGE}`);
  const file = path.resolve(positionals[0]);
  const key = requireBackupKey(loadConfig(), 'read');
  const scratch = await mkdtemp(path.join(tmpdir(), 'rp-backup-verify-'));
  try {
    const report = await restoreBackup(
      file,
      { kind: 'pglite-memory', dataDir: scratch },
      { replace: false, key },
    );
    const lines = [
      `Backup ${file}, taken ${report.manifest.createdAt} from ${report.manifest.source}:`,
    ];
    lines.push('', '  rows restored  table');
    for (const table of report.tables)
      lines.push(`  ${String(table.rows).padStart(13)}  ${table.name}`);
    lines.push('', `  ${report.files.length} stored files restored, each matching its SHA-256:`);
    for (const stored of report.files) lines.push(`  ${stored.sha256}  ${stored.size} bytes`);
    lines.push(
      '',
      'The backup is complete and unaltered: it decrypts with BACKUP_KEY, and every row count and checksum matches its manifest.',
      '',
    );
    process.stdout.write(lines.join('\n'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

runCli(main);
