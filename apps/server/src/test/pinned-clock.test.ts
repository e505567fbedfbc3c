import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testNow } from '../../../../test/test-now';
import { useTestApp } from './build-test-app';

const testApp = useTestApp();

it('the code and the database read one pinned clock, which runs on from where it was pinned', async () => {
  const before = Date.now();
  // Both drivers answer raw SQL with { rows }.
  const { rows } = (await testApp.db.execute(
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  )) as unknown as { rows: { ms: number }[] };
  expect(Math.abs(Number(rows[0]?.ms) - before)).toBeLessThan(5_000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(Date.now()).toBeGreaterThan(before);
  expect(new Date()).toBeInstanceOf(Date);
  // On the embedded database a file starts at TEST_NOW, not on the day the suite runs (on
  // PostgreSQL at the server's time, which the first expectation compares with).
  const pinnedAt = process.env.TEST_DATABASE_URL ? before : testNow().getTime();
  expect(before - pinnedAt).toBeGreaterThanOrEqual(0);
  expect(before - pinnedAt).toBeLessThan(10 * 60_000);
});
