// The other days and time zones the server suite runs on, to prove that no test (and no seed)
// depends on the date it runs on. Each run pins the tests' clock (TEST_NOW, read by
// test/test-now.ts) and sets TZ; the embedded database follows the pinned clock. `npm test` runs
// its embedded-database server suite on the first of them, `npm run test:dates` splits the suite's
// files between the others: every file runs on a leap day and on one daylight-saving night.
export const OTHER_CLOCKS = [
  // A leap day that is already 1 March in New Zealand (UTC+13).
  { now: '2024-02-29T23:30:00.000Z', tz: 'Pacific/Auckland' },
  // Half an hour before US clocks spring forward (02:00 EST on 9 March 2025).
  { now: '2025-03-09T06:30:00.000Z', tz: 'America/New_York' },
  // Half an hour before European clocks fall back (03:00 CEST on 31 October 2027).
  { now: '2027-10-31T00:30:00.000Z', tz: 'Europe/Berlin' },
];

/** The environment of a server test run on `clock`. */
export function clockEnv(env, { now, tz }) {
  return { ...env, TEST_NOW: now, TZ: tz };
}
