import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`, for a raw subquery that refers to the outer statement's table. drizzle
 * leaves the columns of a one-table statement unqualified, and a bare "id" inside a subquery
 * names the subquery's own table's column instead.
 */
export function qualifiedColumn(table: PgTable, column: AnyPgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}
