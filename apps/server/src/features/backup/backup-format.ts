import { z } from 'zod';

/**
 * A backup is one gzip-compressed tar archive, encrypted with BACKUP_KEY (backup-crypto.ts;
 * docs/decisions/0017-backups.md):
 *   dump.sql                      the data of every table, as `pg_dump --data-only` writes it
 *   files/dicom/<sha[0:2]>/<sha>  every stored DICOM file a row of dump.sql refers to
 *   manifest.json                 last: format, schema level, row counts, size and SHA-256 of
 *                                 every other entry (written once their checksums are known)
 */
export const BACKUP_FORMAT = 'recovery-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const DUMP_ENTRY = 'dump.sql';
export const MANIFEST_ENTRY = 'manifest.json';
export const DICOM_ENTRY_PREFIX = 'files/dicom/';
/**
 * What scheduled backups are called; pruning only ever touches names of this shape. Those
 * without `.age` were written unencrypted by earlier versions: they are pruned like the rest.
 */
export const BACKUP_FILE_PATTERN = /^recovery-portal-\d{8}T\d{6}Z\.tar\.gz(\.age)?$/;
/** The manifest lists every file; far more than any clinic's store, far less than memory. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** An archive that is not a complete, unaltered backup; the message says what is wrong. */
export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

const SHA256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest');
const DICOM_ENTRY = /^files\/dicom\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  source: z.enum(['pglite', 'postgres']),
  /** The drizzle migrations applied to the database the dump was taken from, oldest first. */
  migrations: z.array(z.object({ hash: SHA256, createdAt: z.number().int().nonnegative() })),
  /** Rows per table in the dump, to compare after a restore. */
  tables: z.array(z.object({ name: z.string().min(1).max(63), rows: z.number().int().min(0) })),
  entries: z.array(
    z.object({
      path: z.string().min(1).max(200),
      size: z.number().int().min(0),
      sha256: SHA256,
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = BackupManifest['entries'][number];

export function dicomEntryName(sha256: string): string {
  return `${DICOM_ENTRY_PREFIX}${sha256.slice(0, 2)}/${sha256}`;
}

/** The content hash a DICOM entry's name carries, or null when the name is not one. */
export function dicomEntryHash(name: string): string | null {
  const match = DICOM_ENTRY.exec(name);
  return match && match[2]?.startsWith(match[1] ?? '-') ? (match[2] ?? null) : null;
}

/** The name a scheduled backup taken at `when` gets: sorts by time, UTC, no separators. */
export function backupFileName(when: Date): string {
  const stamp = when
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `recovery-portal-${stamp}.tar.gz.age`;
}
