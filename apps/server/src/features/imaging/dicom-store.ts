import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** An upload written to the temporary folder, hashed and counted on the way. */
export interface StagedFile {
  tmpPath: string;
  sha256: string;
  sizeBytes: number;
}

/** Flushes a file or folder to disk; folders cannot be synced on every platform (best effort). */
async function fsync(target: string, kind: 'file' | 'folder'): Promise<void> {
  try {
    const handle = await open(target, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (kind === 'file') throw error;
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * The content-addressed file store under DATA_DIR/files: uploads stream into tmp/ (hashed and
 * counted as they arrive, never buffered whole), are fsynced, then renamed into
 * dicom/<sha[0:2]>/<sha>. A rename within one file system is atomic, so a stored path always
 * holds a complete file; a crash leaves at most a temporary file, which cleanStaleTemp removes.
 * Identical content is stored once.
 */
export function createDicomStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(root, 'tmp');
  const dicomDir = path.join(root, 'dicom');

  function pathFor(sha256: string): string {
    // The hash comes from our own digest or a checked column; refuse anything else outright.
    if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256 hex digest');
    return path.join(dicomDir, sha256.slice(0, 2), sha256);
  }

  return {
    tmpDir,
    dicomDir,
    pathFor,

    /** Streams `source` into a new temporary file; removes the file again if anything fails. */
    async writeTemp(source: Readable): Promise<StagedFile> {
      await mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${Date.now()}-${randomUUID()}.part`);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tmpPath, { flags: 'wx' }));
        // Durable before it can be renamed into the store and listed.
        await fsync(tmpPath, 'file');
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
      return { tmpPath, sha256: hash.digest('hex'), sizeBytes };
    },

    /** Removes a temporary file (no error when it is already gone, e.g. promoted). */
    async discard(tmpPath: string): Promise<void> {
      await rm(tmpPath, { force: true });
    },

    /**
     * Moves a staged file to its content address with an atomic rename. 'existing': the same
     * content is already stored, so the temporary copy is dropped instead.
     */
    async promote(staged: StagedFile): Promise<'created' | 'existing'> {
      const target = pathFor(staged.sha256);
      if (await exists(target)) {
        await rm(staged.tmpPath, { force: true });
        return 'existing';
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(staged.tmpPath, target);
      await fsync(path.dirname(target), 'folder');
      return 'created';
    },

    /** Deletes the stored file of a hash (callers check that no row references it). */
    async remove(sha256: string): Promise<void> {
      await rm(pathFor(sha256), { force: true });
    },

    /** Every hash with a stored file. */
    async storedHashes(): Promise<string[]> {
      let shards: string[];
      try {
        shards = await readdir(dicomDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const hashes: string[] = [];
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        const names = await readdir(path.join(dicomDir, shard)).catch(() => [] as string[]);
        for (const name of names)
          if (SHA256_HEX.test(name) && name.startsWith(shard)) hashes.push(name);
      }
      return hashes;
    },

    /**
     * Removes temporary files older than `olderThanMs`: what a crash or a cut connection left
     * behind. The age keeps uploads still running in another server process safe.
     */
    async cleanStaleTemp(olderThanMs: number, now: number = Date.now()): Promise<number> {
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile() && now - info.mtimeMs >= olderThanMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
export type DicomStore = ReturnType<typeof createDicomStore>;
