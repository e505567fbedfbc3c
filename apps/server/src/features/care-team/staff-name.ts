import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The name columns of users, or of an alias of it. */
export interface NameColumns {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}

/** A staff member's full name, or their email when no name is stored (as reviews show it). */
export function staffName(table: NameColumns): SQL<string> {
  return sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.email})`;
}
