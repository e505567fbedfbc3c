// `npm run test:dates`: the server suite again on other days and in other time zones (see
// test-clocks.mjs). A PostgreSQL server, whose clock cannot be moved, is left out here.
import { ensureInstall } from './ensure-install.mjs';
import { log, run } from './lib.mjs';
import { clockEnv, OTHER_CLOCKS, datesRunExcludes } from './test-clocks.mjs';

ensureInstall();
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
// npm test has run the whole suite at the first clock already. The others share the suite's
// files between them (vitest's shards: a fixed split by file), so every file runs at two pinned
// clocks in all and CI does not pay for the whole suite a fourth time. Files no clock moves run
// once, in npm test (CLOCK_FREE_FILES).
const clocks = OTHER_CLOCKS.slice(1);
clocks.forEach((clock, index) => {
  const shard = `${index + 1}/${clocks.length}`;
  log(`Server tests, part ${shard}, with the clock at ${clock.now} in ${clock.tz}`);
  run('npx', ['vitest', 'run', '--project', 'server', `--shard=${shard}`, ...datesRunExcludes()], {
    env: clockEnv(env, clock),
  });
});
