// `npm run test:dates`: the server suite again on other days and in other time zones, to prove
// that no test (and no seed) depends on the date it runs on. Each run pins the tests' clock
// (TEST_NOW, read by test/test-now.ts) and sets TZ; the embedded database follows the pinned
// clock, so a PostgreSQL server (whose clock cannot be moved) is left out here.
import { ensureInstall } from './ensure-install.mjs';
import { log, run } from './lib.mjs';

const RUNS = [
  // A leap day that is already 1 March in New Zealand (UTC+13).
  { now: '2024-02-29T23:30:00.000Z', tz: 'Pacific/Auckland' },
  // Half an hour before US clocks spring forward (02:00 EST on 9 March 2025).
  { now: '2025-03-09T06:30:00.000Z', tz: 'America/New_York' },
  // Half an hour before European clocks fall back (03:00 CEST on 31 October 2027).
  { now: '2027-10-31T00:30:00.000Z', tz: 'Europe/Berlin' },
];

ensureInstall();
const { TEST_DATABASE_URL: _postgres, ...env } = process.env;
for (const { now, tz } of RUNS) {
  log(`Server tests with the clock at ${now} in ${tz}`);
  run('npx', ['vitest', 'run', '--project', 'server'], { env: { ...env, TEST_NOW: now, TZ: tz } });
}
