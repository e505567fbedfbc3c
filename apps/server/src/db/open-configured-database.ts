import type { Config } from '#app/config';
import { openDatabase, type DatabaseHandle } from './client';

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else PGlite. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}
