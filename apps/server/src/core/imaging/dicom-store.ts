import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/**
 * Part of every cached preview's name: raising it when the rendering changes makes the old
 * previews unused, and the sweep removes them.
 */
const PREVIEW_RENDERING = 1;
const PREVIEW_SUFFIX = `.r${PREVIEW_RENDERING}.png`;

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
 * Identical content is stored once. Rendered previews are cached the same way, by the hash of
 * the DICOM file they show, under previews/<sha[0:2]>/<sha>.r<rendering>.png.
 */
export function createDicomStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(root, 'tmp');
  const dicomDir = path.join(root, 'dicom');
  const previewDir = path.join(root, 'previews');

  function checkedHash(sha256: string): string {
    // The hash comes from our own digest or a checked column; refuse anything else outright.
    if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256 hex digest');
    return sha256;
  }

  function pathFor(sha256: string): string {
    return path.join(dicomDir, checkedHash(sha256).slice(0, 2), sha256);
  }

  function previewPathFor(sha256: string): string {
    return path.join(previewDir, checkedHash(sha256).slice(0, 2), `${sha256}${PREVIEW_SUFFIX}`);
  }

  /** Every file under a sharded folder, with its shard (empty when the folder does not exist). */
  async function shardedFiles(dir: string): Promise<{ shard: string; name: string }[]> {
    let shards: string[];
    try {
      shards = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: { shard: string; name: string }[] = [];
    for (const shard of shards) {
      const names = await readdir(path.join(dir, shard)).catch(() => [] as string[]);
      for (const name of names) files.push({ shard, name });
    }
    return files;
  }

  return {
    tmpDir,
    dicomDir,
    previewDir,
    pathFor,
    previewPathFor,

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
      return (await shardedFiles(dicomDir))
        .filter(({ shard, name }) => SHA256_HEX.test(name) && name.startsWith(shard))
        .map(({ name }) => name);
    },

    /** The cached preview of a hash, or null when none has been rendered yet. */
    async readPreview(sha256: string): Promise<Buffer | null> {
      try {
        return await readFile(previewPathFor(sha256));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    /**
     * Caches a rendered preview: written to tmp/, fsynced, then renamed into place, so a
     * reader never sees half a PNG. Concurrent writers of the same preview simply replace it.
     */
    async writePreview(sha256: string, png: Buffer): Promise<void> {
      const target = previewPathFor(sha256);
      await mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${Date.now()}-${randomUUID()}.part`);
      try {
        await writeFile(tmpPath, png, { flag: 'wx' });
        await fsync(tmpPath, 'file');
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmpPath, target);
      } catch (error) {
        await rm(tmpPath, { force: true });
        throw error;
      }
    },

    /** Deletes the cached preview of a hash, if there is one. */
    async removePreview(sha256: string): Promise<void> {
      await rm(previewPathFor(sha256), { force: true });
    },

    /**
     * The hashes with a cached preview of the current rendering. Previews of an older rendering
     * (and files with a name this store never writes) are removed on the way.
     */
    async storedPreviewHashes(): Promise<string[]> {
      const hashes: string[] = [];
      for (const { shard, name } of await shardedFiles(previewDir)) {
        const sha256 = name.endsWith(PREVIEW_SUFFIX) ? name.slice(0, -PREVIEW_SUFFIX.length) : '';
        if (SHA256_HEX.test(sha256) && sha256.startsWith(shard)) hashes.push(sha256);
        else await rm(path.join(previewDir, shard, name), { force: true, recursive: true });
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
