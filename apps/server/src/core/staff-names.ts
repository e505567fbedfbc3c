import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '#app/db/schema/users';

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

/** Staff in their role as responsible clinicians (a second reference to users in one query). */
export const responsibleStaff = alias(users, 'responsible_staff');
