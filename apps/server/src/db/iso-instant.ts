import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * An instant as the API writes it (as Date.toISOString does: UTC, milliseconds, 'Z'), written by
 * PostgreSQL: rows sent on as text need no Date parsed and formatted again per value.
 */
export const isoInstant = (instant: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
