// `npm run test:dates`: the server suite again on other days and in other time zones (see
// test-clocks.mjs). A PostgreSQL server, whose clock cannot be moved, is left out here.
import { ensureInstall } from './ensure-install.mjs';
import { log, run } from './lib.mjs';
import { clockEnv, OTHER_CLOCKS } from './test-clocks.mjs';

ensureInstall();
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
// npm test has run the first clock already.
for (const clock of OTHER_CLOCKS.slice(1)) {
  log(`Server tests with the clock at ${clock.now} in ${clock.tz}`);
  run('npx', ['vitest', 'run', '--project', 'server'], { env: clockEnv(env, clock) });
}
