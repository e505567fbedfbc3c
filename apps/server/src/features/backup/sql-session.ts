import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { DatabaseDriver } from '#app/db/client';

/** A table's COPY target: unqualified name in schema public and its columns, in order. */
export interface CopyTarget {
  table: string;
  columns: readonly string[];
}

/** Columns a COPY out writes as this constant (null: NULL) instead of what the rows hold. */
export type ColumnReplacements = ReadonlyMap<string, string | null>;

/**
 * One connection inside one transaction, on either driver: what a backup or a restore needs
 * beyond the query builder. COPY moves data in PostgreSQL's text format (the one pg_dump
 * writes), which both drivers speak: STDOUT/STDIN on a server, a blob on PGlite.
 */
export interface SqlSession {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs SQL without parameters that may hold several statements (a migration). */
  exec(text: string): Promise<void>;
  /** Streams a table's rows out, one text-format line per row. */
  copyOut(
    target: CopyTarget,
    write: (chunk: Buffer) => Promise<void>,
    replace?: ColumnReplacements,
  ): Promise<void>;
  /** Loads text-format lines (each ending in a newline) into a table. */
  copyIn(target: CopyTarget, lines: AsyncIterable<string>): Promise<void>;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function copyClause(target: CopyTarget): string {
  return `public.${quoteIdent(target.table)} (${target.columns.map(quoteIdent).join(', ')})`;
}

/** What a COPY out reads: the table, or a query giving the same columns with some replaced. */
function copySource(target: CopyTarget, replace?: ColumnReplacements): string {
  if (!replace?.size) return copyClause(target);
  const columns = target.columns.map((column) => {
    if (!replace.has(column)) return quoteIdent(column);
    const value = replace.get(column);
    return `${value === null || value === undefined ? 'NULL' : quoteLiteral(value)} as ${quoteIdent(column)}`;
  });
  return `(select ${columns.join(', ')} from public.${quoteIdent(target.table)})`;
}

/** PGlite loads a COPY from one in-memory blob: bounded chunks keep a large table affordable. */
const PGLITE_COPY_CHUNK_BYTES = 8 * 1024 * 1024;

function pgliteSession(tx: Transaction): SqlSession {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await tx.query<T>(text, params)).rows;
    },
    async exec(text) {
      await tx.exec(text);
    },
    async copyOut(target, write, replace) {
      const result = await tx.query(`COPY ${copySource(target, replace)} TO '/dev/blob'`);
      if (result.blob) await write(Buffer.from(await result.blob.arrayBuffer()));
    },
    async copyIn(target, lines) {
      let chunk: string[] = [];
      let size = 0;
      const flush = async () => {
        if (chunk.length === 0) return;
        const blob = new Blob(chunk);
        chunk = [];
        size = 0;
        await tx.query(`COPY ${copyClause(target)} FROM '/dev/blob'`, [], { blob });
      };
      for await (const line of lines) {
        chunk.push(line);
        size += line.length;
        if (size >= PGLITE_COPY_CHUNK_BYTES) await flush();
      }
      await flush();
    },
  };
}

function postgresSession(client: pg.Client): SqlSession {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async exec(text) {
      await client.query(text);
    },
    async copyOut(target, write, replace) {
      const stream = client.query(copyTo(`COPY ${copySource(target, replace)} TO STDOUT`));
      for await (const chunk of stream) await write(chunk as Buffer);
    },
    async copyIn(target, lines) {
      const stream = client.query(copyFrom(`COPY ${copyClause(target)} FROM STDIN`));
      const finished = new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      });
      for await (const line of lines) {
        if (!stream.write(line)) {
          await new Promise<void>((resolve, reject) => {
            stream.once('drain', resolve);
            stream.once('error', reject);
          });
        }
      }
      stream.end();
      await finished;
    },
  };
}

export interface SessionOptions {
  /**
   * 'snapshot': read-only, one consistent view for the whole session (a backup).
   * 'write': everything commits together or not at all (a restore).
   */
  mode: 'snapshot' | 'write';
}

/**
 * Runs `work` in one transaction on its own connection. On PGlite, the single connection is
 * shared with the server: its other queries wait until the transaction ends.
 */
export async function withSession<T>(
  driver: DatabaseDriver,
  options: SessionOptions,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  if (driver.kind === 'pglite') return withPgliteSession(driver.client, work);
  const client = new pg.Client({ connectionString: driver.url });
  // A lost connection must fail the session, not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(
      options.mode === 'snapshot'
        ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'
        : 'BEGIN ISOLATION LEVEL SERIALIZABLE',
    );
    try {
      const result = await work(postgresSession(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withPgliteSession<T>(client: PGlite, work: (session: SqlSession) => Promise<T>) {
  return client.transaction((tx) => work(pgliteSession(tx)));
}
