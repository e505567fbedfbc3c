import type { Writable } from 'node:stream';
import { writeFileAtomically } from './atomic-file';
import { sealBackup } from './backup-crypto';
import type { BackupManifest } from './backup-format';
import { verifyArchive } from './read-archive';

/**
 * Writes a backup file: what `produce` writes (the plaintext archive) is encrypted with `key`
 * on its way to disk, and the file gets its final name only once it decrypts with that key and
 * every checksum matches. Resolves to its manifest. `seal` is sealBackup's options (tests only).
 */
export function writeBackupFile(
  finalPath: string,
  key: string,
  produce: (plain: Writable) => Promise<unknown>,
  seal: { workFactor?: number } = {},
): Promise<BackupManifest> {
  return writeFileAtomically(
    finalPath,
    (out) => sealBackup(key, out, produce, seal),
    (written) => verifyArchive(written, key),
  );
}
