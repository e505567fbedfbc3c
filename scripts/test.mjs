// `npm test`: every check CI relies on, stopping at the first failure.
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';
import { log, run, runLanes } from './lib.mjs';
import { clockEnv, OTHER_CLOCKS, postgresRunExcludes } from './test-clocks.mjs';

ensureInstall();
// ESLint in one lane, the other checks in the other: each uses about one core.
await runLanes([
  [{ title: 'Lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] }],
  [
    {
      title: 'Copy-paste detector (server, web and contract product code)',
      command: 'npm',
      args: ['run', 'lint:duplicates', '--silent'],
    },
    {
      title: 'Unused files, exports and dependencies (knip, every workspace)',
      command: 'npm',
      args: ['run', 'lint:unused', '--silent'],
    },
    {
      title: 'Format',
      command: 'npx',
      args: ['prettier', '--check', '.', '--log-level', 'warn'],
    },
    { title: 'Typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  ],
]);
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
log('Unit, component and bench tests');
run('npx', ['vitest', 'run', '--project', 'web', '--project', 'bench'], {
  env: envWithoutPostgres,
});
const [firstClock] = OTHER_CLOCKS;
log(`API tests on embedded PGlite, with the clock at ${firstClock.now} in ${firstClock.tz}`);
run('npx', ['vitest', 'run', '--project', 'server'], {
  env: clockEnv(envWithoutPostgres, firstClock),
});
if (TEST_DATABASE_URL) {
  log('API tests again on PostgreSQL (TEST_DATABASE_URL)');
  run('npx', ['vitest', 'run', '--project', 'server', ...postgresRunExcludes()], {
    env: process.env,
  });
}
log('Build');
await buildAll();
log('End-to-end tests (Chromium)');
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
