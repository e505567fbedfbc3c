import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#app/test/build-test-app';
import { preparedOutsideTransactions } from './ambient-transaction';
import { appMeta } from './schema/app-meta';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await testApp.reset();
});

const valueOf = preparedOutsideTransactions((db) =>
  db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, sql.placeholder('key')))
    .prepare('test_app_meta_value'),
);

describe('preparedOutsideTransactions', () => {
  it('keeps one statement per database and runs it with each call’s values', async () => {
    const { db } = testApp;
    await db.insert(appMeta).values([
      { key: 'a', value: 'first' },
      { key: 'b', value: 'second' },
    ]);
    expect(valueOf(db)).toBe(valueOf(db));
    expect(await valueOf(db).execute({ key: 'a' })).toEqual([{ value: 'first' }]);
    expect(await valueOf(db).execute({ key: 'b' })).toEqual([{ value: 'second' }]);
  });

  it('inside a transaction prepares it on the transaction, which sees its own uncommitted rows', async () => {
    const { db } = testApp;
    const kept = valueOf(db);
    // On PGlite a kept statement would wait for the transaction's connection forever.
    const seen = await db.transaction(async () => {
      await db.insert(appMeta).values({ key: 'c', value: 'uncommitted' });
      const statement = valueOf(db);
      expect(statement).not.toBe(kept);
      return statement.execute({ key: 'c' });
    });
    expect(seen).toEqual([{ value: 'uncommitted' }]);
    expect(valueOf(db)).toBe(kept);
  });
});
