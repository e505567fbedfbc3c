import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes DATA_DIR private to the server's user: the folder 0700, and (through the process
 * umask) every file and folder created from now on 0600 / 0700, the embedded database's
 * included, since it holds patients' data and the generated secrets.
 */
export async function secureDataDir(dir: string): Promise<string> {
  process.umask(0o077);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // An existing folder (created before this release, or by hand) is closed too.
  await chmod(dir, 0o700);
  return dir;
}

/**
 * Closes every file and folder under `dir` to the server's user. PGlite sets its files' modes
 * itself (0666, ignoring the umask), so the database folder is walked once it is open; files
 * it creates later sit inside folders no one else can enter.
 */
export async function restrictTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await chmod(dir, 0o700);
  for (const entry of entries) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await restrictTree(target);
    else if (entry.isFile()) await chmod(target, 0o600);
  }
}
