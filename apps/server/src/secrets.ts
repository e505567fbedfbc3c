import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  jwtSecret: string;
}

/**
 * Secrets come from the environment; outside production a missing one is generated once and
 * kept in DATA_DIR so that restarts keep sessions valid without any setup.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.jwtSecret) return { jwtSecret: config.jwtSecret };
  const file = path.join(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32) {
      return { jwtSecret: stored.jwtSecret };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
