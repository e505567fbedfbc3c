import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';
import { buildTestApp, type TestApp } from '#app/test/build-test-app';
import { vacuumAnalyseInLanes, withIndexesBuiltAfter } from './bulk-load-maintenance';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** Every index of the public tables as the catalogue defines it. */
async function indexDefinitions(db: Database): Promise<string[]> {
  const rows = rowsOf<{ definition: string }>(
    await db.execute(sql`
      select pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relnamespace = current_schema()::regnamespace
      order by 1`),
  );
  return rows.map((row) => row.definition);
}

describe('withIndexesBuiltAfter', () => {
  it('loads without the plain indexes of the bulk tables and builds the same ones after', async () => {
    const { db } = testApp;
    const before = await indexDefinitions(db);
    const during = await withIndexesBuiltAfter(db, { lanes: 2 }, () => indexDefinitions(db));
    expect(await indexDefinitions(db)).toEqual(before);
    const missing = before.filter((definition) => !during.includes(definition));
    expect(missing).toContainEqual(
      expect.stringMatching(/^CREATE INDEX \S+ ON \S+\.nudges USING gin/),
    );
    expect(missing).toContainEqual(expect.stringMatching(/\.measurements USING btree/));
    // Keys, unique indexes and survey_responses (read by its own insert trigger) stay.
    expect(missing.filter((definition) => /UNIQUE|\.survey_responses /.test(definition))).toEqual(
      [],
    );
  });

  it('builds the indexes again when the load fails', async () => {
    const { db } = testApp;
    const before = await indexDefinitions(db);
    await expect(
      withIndexesBuiltAfter(db, { lanes: 1, maintenanceWorkMem: '64MB' }, () =>
        Promise.reject(new Error('load failed')),
      ),
    ).rejects.toThrow('load failed');
    expect(await indexDefinitions(db)).toEqual(before);
  });
});

describe('vacuumAnalyseInLanes', () => {
  it('vacuums and analyses every table, as a database-wide vacuum (analyze) would', async () => {
    const { db } = testApp;
    await vacuumAnalyseInLanes(db, 2);
    const tables = rowsOf<{ name: string; visited: boolean }>(
      await db.execute(sql`
        select relname as name, last_vacuum is not null and last_analyze is not null as visited
        from pg_stat_user_tables`),
    );
    expect(tables.map((table) => table.name)).toContain('measurements');
    expect(tables.filter((table) => !table.visited)).toEqual([]);
  });
});
