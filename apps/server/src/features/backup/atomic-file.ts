import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** The temporary name a file gets while it is written: hidden, and never a final name. */
export const PARTIAL_MARKER = '.partial-';

/** Whether `name` is a temporary file writeFileAtomically left behind (a kill, a crash). */
export function isPartialName(name: string): boolean {
  return name.startsWith('.') && name.includes(PARTIAL_MARKER);
}

async function syncFolder(dir: string): Promise<void> {
  // Folders cannot be opened for syncing on every platform: best effort.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    return;
  }
}

/**
 * Writes a file so that its final name only ever holds a complete, checked file: the content
 * goes to a temporary file in the same folder, is flushed to disk, checked, and renamed into
 * place (atomic within one file system). A failure or a kill leaves at most the temporary file;
 * an existing file under the final name is never replaced. Resolves to what the check found.
 */
export async function writeFileAtomically<T>(
  finalPath: string,
  produce: (out: Writable) => Promise<unknown>,
  check: (writtenPath: string) => Promise<T>,
): Promise<T> {
  const dir = path.dirname(finalPath);
  await mkdir(dir, { recursive: true });
  if (await stat(finalPath).catch(() => null)) {
    throw new Error(`${finalPath} already exists; choose another name.`);
  }
  const partial = path.join(
    dir,
    `.${path.basename(finalPath)}${PARTIAL_MARKER}${randomBytes(6).toString('hex')}`,
  );
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await produce(out);
    // Flushed to disk before it can get its final name.
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const checked = await check(partial);
    await rename(partial, finalPath);
    await syncFolder(dir);
    return checked;
  } catch (error) {
    // The stream opens its file asynchronously: close it first, or a producer that failed at
    // once could see the temporary file appear after its removal.
    out.destroy();
    if (!out.closed) await once(out, 'close');
    await rm(partial, { force: true });
    throw error;
  }
}
