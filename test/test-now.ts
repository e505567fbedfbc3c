/**
 * The instant every test runs at. One fixed default, so that the suite gives the same result on
 * any day it runs; `TEST_NOW` (an ISO 8601 instant) moves it, as `npm run test:dates` does to
 * prove that nothing depends on the date, the time of day or the time zone.
 */
const DEFAULT_TEST_NOW = '2026-06-15T10:30:00.000Z';

export function testNow(): Date {
  const value = process.env.TEST_NOW?.trim() || DEFAULT_TEST_NOW;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new Error(`TEST_NOW must be an ISO 8601 instant such as ${DEFAULT_TEST_NOW}.`);
  }
  return at;
}
