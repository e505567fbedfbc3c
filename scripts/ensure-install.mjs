// Installs dependencies (npm ci) when node_modules is missing or older than package-lock.json.
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
  // Exactly the committed lockfile: a lockfile out of step with package.json fails here (as it
  // would in a clinic's build pipeline) instead of being rewritten on one machine.
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, digest);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureInstall();
