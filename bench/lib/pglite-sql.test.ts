import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client';
import { recordPglite } from './pglite-sql';
import { toStages, toTransactionRuns, type RecordedStatement } from './statement-stages';

describe('recordPglite', () => {
  let database: DatabaseHandle;
  let recording: RecordedStatement[] | null = null;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
    recordPglite(database.driver.client, () => recording);
    // Starting PGlite (WASM) took longer than the default 10 s once on a busy machine.
  }, 60_000);
  afterAll(() => database.close());

  async function record(work: () => Promise<unknown>): Promise<RecordedStatement[]> {
    const into: RecordedStatement[] = [];
    recording = into;
    try {
      await work();
    } finally {
      recording = null;
    }
    return into;
  }

  it('records what the query builder sends, with its parameters, as the server runs it', async () => {
    const statements = await record(() => database.db.execute(sql`select ${41}::int + 1 as n`));
    expect(statements.map(({ kind, text, values }) => ({ kind, text, values }))).toEqual([
      { kind: 'query', text: 'select $1::int + 1 as n', values: [41] },
    ]);
  });

  it('marks a transaction of the driver with begin and commit around its statements', async () => {
    const statements = await record(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      }),
    );
    expect(statements.map((s) => [s.kind, s.text])).toEqual([
      ['begin', 'begin'],
      ['query', 'select 1'],
      ['query', 'select 2'],
      ['commit', 'commit'],
    ]);
    expect(toTransactionRuns(toStages(statements).flat())).toMatchObject([
      { transaction: true, statements: [{ text: 'select 1' }, { text: 'select 2' }] },
    ]);
  });

  it('marks a transaction that failed as rolled back, and rethrows', async () => {
    const statements = await record(() =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('abandoned');
        })
        .catch((error: unknown) => error),
    );
    expect(statements.map((s) => s.kind)).toEqual(['begin', 'query', 'rollback']);
  });

  it('passes statements through when no call is being captured', async () => {
    const before = await record(async () => {});
    const result: unknown = await database.db.execute(sql`select 3 as n`);
    expect(before).toEqual([]);
    expect(result).toMatchObject({ rows: [{ n: 3 }] });
  });
});
