// Installs dependencies when node_modules is missing or older than package-lock.json.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { digestOf, log, readStamp, root, run } from './lib.mjs';

const stampFile = path.join(root, 'node_modules', '.install-stamp');
const inputs = [
  'package.json',
  'package-lock.json',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
];

export function ensureInstall() {
  const digest = digestOf(inputs);
  if (readStamp(stampFile) === digest) return;
  log('Installing dependencies…');
  // `npm install` honours package-lock.json like `npm ci`, but tolerates optional platform
  // packages that a registry mirror does not carry (npm ci rejects the lockfile for those).
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, digest);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureInstall();
