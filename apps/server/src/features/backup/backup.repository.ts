import type { CopyTarget, SqlSession } from './sql-session';
import { quoteIdent } from './sql-session';

/** The drizzle migrator's bookkeeping (drizzle-orm pg-core dialect). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/**
 * The tables of schema public with their stored (not generated) columns, parents before the
 * tables whose foreign keys point at them, so a load in this order satisfies every key.
 */
export async function listTables(session: SqlSession): Promise<CopyTarget[]> {
  const columns = await session.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const edges = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) {
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges) {
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: CopyTarget[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through table ${table}`);
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (byTable.has(parent)) place(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push({ table, columns: byTable.get(table) ?? [] });
  };
  for (const table of [...byTable.keys()].sort()) place(table);
  return ordered;
}

export async function listSequences(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

export async function sequenceState(
  session: SqlSession,
  name: string,
): Promise<{ lastValue: string; isCalled: boolean }> {
  const [row] = await session.query<{ last_value: string | number; is_called: boolean }>(
    `select last_value, is_called from public.${quoteIdent(name)}`,
  );
  if (!row) throw new Error(`sequence ${name} has no state`);
  return { lastValue: String(row.last_value), isCalled: row.is_called };
}

export async function setSequence(
  session: SqlSession,
  name: string,
  lastValue: string,
  isCalled: boolean,
): Promise<void> {
  await session.query('select pg_catalog.setval($1::regclass, $2::bigint, $3::boolean)', [
    `public.${quoteIdent(name)}`,
    lastValue,
    isCalled,
  ]);
}

/** The migrations applied so far, oldest first (none on a database never migrated). */
export async function appliedMigrations(session: SqlSession): Promise<AppliedMigration[]> {
  const [exists] = await session.query<{ present: boolean }>(
    `select to_regclass('${MIGRATIONS_TABLE}') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await session.query<{ hash: string; created_at: string | number }>(
    `select hash, created_at from ${MIGRATIONS_TABLE} order by created_at, id`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/** Records a migration as drizzle's migrator does, so the server's start continues from it. */
export async function recordMigration(session: SqlSession, migration: AppliedMigration) {
  await session.query('create schema if not exists drizzle');
  await session.query(
    `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  await session.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [
    migration.hash,
    migration.createdAt,
  ]);
}

/**
 * Tables whose rows are a clinic's data: every participant and staff member is a users row and
 * every other record hangs off one; every action leaves an audit_log row. Migrations insert
 * rows elsewhere (the default group), so other tables say nothing about data being there.
 */
const DATA_TABLES = ['users', 'audit_log'];

/** The tables that show the database holds a clinic's data (empty when it holds none). */
export async function tablesWithData(session: SqlSession): Promise<string[]> {
  const present = new Set((await listTables(session)).map(({ table }) => table));
  const filled: string[] = [];
  for (const table of DATA_TABLES.filter((name) => present.has(name))) {
    const rows = await session.query(`select 1 from public.${quoteIdent(table)} limit 1`);
    if (rows.length > 0) filled.push(table);
  }
  return filled;
}

/** Every content hash a row of imaging_files refers to (the files a backup must carry). */
export async function referencedContent(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ sha: string }>(
    'select distinct content_sha256 as sha from public.imaging_files order by 1',
  );
  return rows.map((row) => row.sha);
}

export async function setUserTriggers(
  session: SqlSession,
  tables: readonly CopyTarget[],
  enabled: boolean,
): Promise<void> {
  for (const { table } of tables) {
    await session.query(
      `alter table public.${quoteIdent(table)} ${enabled ? 'enable' : 'disable'} trigger user`,
    );
  }
}

/** Empties the tables (their truncate triggers must be disabled: the audit log refuses it). */
export async function truncateTables(session: SqlSession, tables: readonly CopyTarget[]) {
  await session.query(
    `truncate ${tables.map(({ table }) => `public.${quoteIdent(table)}`).join(', ')}`,
  );
}

/** Empties the target for --replace: both schemas go, inside the restoring transaction. */
export async function dropAllData(session: SqlSession): Promise<void> {
  await session.query('drop schema if exists drizzle cascade');
  await session.query('drop schema public cascade');
  await session.query('create schema public');
}
