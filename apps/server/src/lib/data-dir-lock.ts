import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding DATA_DIR (a running server), or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  let holder: number;
  try {
    holder = Number(readFileSync(path.join(dataDir, 'server.pid'), 'utf8'));
  } catch {
    return null;
  }
  return Number.isInteger(holder) && holder !== process.pid && isRunning(holder) ? holder : null;
}

/**
 * The embedded database is a single-process store: a second server or CLI on the same DATA_DIR
 * would corrupt it, so the first one holds a pid file and the others refuse to start.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
        { cause: error },
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
