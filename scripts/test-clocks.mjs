import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

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

/**
 * Server test files that open only the embedded database (or none): on the PostgreSQL run they
 * would repeat npm test's PGlite run at a third clock, where the policy above asks for two. A
 * file that starts to use the PostgreSQL cluster fails the check below and must leave this list.
 */
const EMBEDDED_ONLY_FILES = [
  'src/features/backup/backup-restore.test.ts',
  'src/features/backup/backup-scheduler.test.ts',
];

/**
 * Embedded-only files that no clock or time zone moves either: the CLI tests run their commands
 * in processes of their own, at the real clock; the others check file modes and lint source text.
 * Every run of them repeats the same work, so npm test's PGlite run is their one run.
 */
const CLOCK_FREE_FILES = [
  'src/cli/backup-cli.test.ts',
  'src/cli/create-user.test.ts',
  'src/lib/secure-data-dir.test.ts',
  'src/test/architecture/layers.test.ts',
  'src/test/resilience/backup-kill.test.ts',
];

const POSTGRES_MARKERS = ['TEST_DATABASE_URL', 'postgresAdminUrl', 'build-test-app', "'postgres'"];

function excludes(files) {
  return files.flatMap((file) => {
    const source = readFileSync(path.join(root, 'apps/server', file), 'utf8');
    const marker = POSTGRES_MARKERS.find((each) => source.includes(each));
    if (marker) {
      throw new Error(`${file} mentions ${marker}: take it out of test-clocks.mjs's lists.`);
    }
    return ['--exclude', file];
  });
}

/** vitest arguments that leave the embedded-only files out of the PostgreSQL run. */
export const postgresRunExcludes = () => excludes([...EMBEDDED_ONLY_FILES, ...CLOCK_FREE_FILES]);

/** vitest arguments that leave the clock-free files out of test:dates. */
export const datesRunExcludes = () => excludes(CLOCK_FREE_FILES);
