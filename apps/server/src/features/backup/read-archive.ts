import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BackupArchiveError,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  dicomEntryHash,
  DUMP_ENTRY,
  MANIFEST_ENTRY,
  manifestSchema,
  MAX_MANIFEST_BYTES,
  type BackupManifest,
} from './backup-format';
import { openBackup } from './backup-crypto';

/**
 * Calls `onEntry` for each entry of the archive `key` decrypts, in order; the entry's stream
 * must be consumed. It resolves only once the whole file has authenticated, its end included.
 */
export async function forEachEntry(
  file: string,
  key: string,
  onEntry: (name: string, type: string, stream: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(await openBackup(file, key), createGunzip(), extract);
  reading.catch(() => undefined);
  // What the caller's handler throws (a database error, say) is not about the archive.
  let handlerError: unknown;
  try {
    for await (const entry of extract) {
      try {
        await onEntry(entry.header.name, entry.header.type ?? 'file', entry as unknown as Readable);
      } catch (error) {
        handlerError = error;
        throw error;
      }
    }
    await reading;
  } catch (error) {
    if (error === handlerError || error instanceof BackupArchiveError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupArchiveError(`${file} is not a readable backup archive (${reason}).`);
  }
}

async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BackupArchiveError(`${MANIFEST_ENTRY} is implausibly large.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive without writing anything: it must decrypt and authenticate with
 * `key` to its last byte, every entry must be one the format defines, listed in the manifest
 * with the same size and SHA-256, and every listed entry must be there. Returns the manifest.
 * This runs before a restore touches its target.
 */
export async function verifyArchive(file: string, key: string): Promise<BackupManifest> {
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifestBytes: Buffer | null = null;
  const unreadable = (error: unknown) =>
    error instanceof BackupArchiveError
      ? error
      : new BackupArchiveError(
          `${file} is not a readable backup archive (${error instanceof Error ? error.message : String(error)}).`,
        );
  // Every failure here, a stream's included, is the archive's: nothing else is read.
  await forEachEntry(file, key, async (name, type, stream) => {
    if (type !== 'file') throw new BackupArchiveError(`entry ${name} is not a plain file.`);
    if (seen.has(name) || (name === MANIFEST_ENTRY && manifestBytes)) {
      throw new BackupArchiveError(`entry ${name} appears twice.`);
    }
    if (name === MANIFEST_ENTRY) {
      manifestBytes = await readAll(stream, MAX_MANIFEST_BYTES);
      return;
    }
    if (name !== DUMP_ENTRY && !dicomEntryHash(name)) {
      throw new BackupArchiveError(`entry ${name.slice(0, 120)} is not part of a backup.`);
    }
    seen.set(name, await digest(stream));
  }).catch((error: unknown) => {
    throw unreadable(error);
  });
  if (!manifestBytes) throw new BackupArchiveError(`the archive has no ${MANIFEST_ENTRY}.`);
  let json: unknown;
  try {
    json = JSON.parse((manifestBytes as Buffer).toString('utf8'));
  } catch {
    throw new BackupArchiveError(`${MANIFEST_ENTRY} is not valid JSON.`);
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) {
    throw new BackupArchiveError('the archive is not a Recovery Portal backup.');
  }
  if (format.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupArchiveError(
      `the archive has format version ${String(format.version)}; this version reads ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupArchiveError(
      `${MANIFEST_ENTRY} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  const manifest = parsed.data;
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw new BackupArchiveError(`entry ${entry.path} is listed but missing.`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupArchiveError(`entry ${entry.path} does not match its checksum.`);
    }
    const hash = dicomEntryHash(entry.path);
    if (hash && hash !== entry.sha256) {
      throw new BackupArchiveError(`entry ${entry.path} does not hold the content its name says.`);
    }
    listed.add(entry.path);
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupArchiveError(`entry ${name} is not in the manifest.`);
  }
  if (!listed.has(DUMP_ENTRY)) throw new BackupArchiveError(`the archive has no ${DUMP_ENTRY}.`);
  return manifest;
}
