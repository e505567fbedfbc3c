import { generateBackupKey } from '#app/features/backup/backups';
import { runCli } from './cli-support';

/**
 * Prints a new random BACKUP_KEY once. Nothing stores it: a key kept beside the backups, or
 * only in DATA_DIR, would open them for whoever reads those (docs/decisions/0017-backups.md).
 */
async function main() {
  process.stdout.write(
    [
      'A new backup key, shown this once and stored nowhere:',
      '',
      `  BACKUP_KEY=${generateBackupKey()}`,
      '',
      'Keep it where the backups are not: a password manager or the deployment secret store,',
      'never in DATA_DIR or beside the backups. Set it in the environment of the server (for',
      'BACKUP_EVERY) and of npm run backup, backup:verify and restore. Every backup made with it',
      'opens only with it: lose the key and those backups cannot be restored.',
      '',
    ].join('\n'),
  );
}

runCli(main);
