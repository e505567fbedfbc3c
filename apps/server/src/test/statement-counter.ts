import pg from 'pg';
import { vi } from 'vitest';
import type { DatabaseHandle } from '#app/db/client';

/** What the app sent to its database while a piece of work ran. */
export interface SentStatements {
  /** Statements sent one by one (each a round trip), BEGIN and COMMIT included on PostgreSQL. */
  statements: number;
  /** Transactions opened on PGlite (whose statements inside are not counted above). */
  transactions: number;
}

/**
 * Counts the statements `work` makes the app send, on either driver: PGlite's own calls, or
 * every pg client's (the pool hands its queries to one). Nothing else may query meanwhile.
 */
export async function countStatements(
  database: DatabaseHandle,
  work: () => Promise<unknown>,
): Promise<SentStatements> {
  const driver = database.driver;
  if (driver.kind === 'pglite') {
    const query = vi.spyOn(driver.client, 'query');
    const exec = vi.spyOn(driver.client, 'exec');
    const transaction = vi.spyOn(driver.client, 'transaction');
    try {
      await work();
      return {
        statements: query.mock.calls.length + exec.mock.calls.length,
        transactions: transaction.mock.calls.length,
      };
    } finally {
      query.mockRestore();
      exec.mockRestore();
      transaction.mockRestore();
    }
  }
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return { statements: query.mock.calls.length, transactions: 0 };
  } finally {
    query.mockRestore();
  }
}
