// `npm test`: every check CI relies on, in order, stopping at the first failure.
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';
import { log, run } from './lib.mjs';

ensureInstall();
log('Lint');
run('npx', ['eslint', '.', '--max-warnings', '0']);
log('Copy-paste detector (server, web and contract product code)');
run('npm', ['run', 'lint:duplicates', '--silent']);
log('Unused files, exports and dependencies (knip, every workspace)');
run('npm', ['run', 'lint:unused', '--silent']);
log('Format');
run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
log('Typecheck');
run('npm', ['run', 'typecheck', '--silent']);
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
log('Unit, component and API tests (API on embedded PGlite)');
run('npx', ['vitest', 'run'], { env: envWithoutPostgres });
if (TEST_DATABASE_URL) {
  log('API tests again on PostgreSQL (TEST_DATABASE_URL)');
  run('npx', ['vitest', 'run', '--project', 'server'], { env: process.env });
}
log('Build');
await buildAll();
log('End-to-end tests (Chromium)');
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
