import pg from 'pg';
import { vi } from 'vitest';
import type { TestApp } from './build-test-app';

/**
 * The text of every statement the database driver is sent while `work` runs, in order: the
 * round trips of a call (DESIGN §7). The spies stay until the test restores them
 * (`vi.restoreAllMocks()`).
 */
export async function statementsOf(
  testApp: TestApp,
  work: () => Promise<unknown>,
): Promise<string[]> {
  const sent: string[] = [];
  const textOf = (query: unknown) =>
    typeof query === 'string' ? query : String((query as { text?: unknown }).text);
  const { driver } = testApp.database;
  if (driver.kind === 'pglite') {
    const query = driver.client.query.bind(driver.client);
    const exec = driver.client.exec.bind(driver.client);
    vi.spyOn(driver.client, 'query').mockImplementation((text, ...rest) => {
      sent.push(text);
      return query(text, ...rest);
    });
    vi.spyOn(driver.client, 'exec').mockImplementation((text, ...rest) => {
      sent.push(text);
      return exec(text, ...rest);
    });
  } else {
    // Every pooled statement runs on a pg.Client: the prototype sees them all.
    const query = vi.spyOn(pg.Client.prototype, 'query');
    await work();
    return query.mock.calls.map(([config]) => textOf(config));
  }
  await work();
  return sent;
}
