/**
 * The backup feature's one entry point (ADR 0017): the server takes backups on a schedule and
 * on request over its socket, the CLI writes, verifies and restores them. Nothing outside this
 * folder imports its other modules.
 */
export { writeBackup } from './backup-archive';
export { generateBackupKey } from './backup-crypto';
export { writeBackupFile } from './backup-file';
export { startScheduledBackups } from './backup-scheduler';
export {
  backupSocketPath,
  requestBackup,
  serveBackupRequests,
  socketPathFits,
} from './backup-socket';
export { restoreBackup } from './restore-backup';
