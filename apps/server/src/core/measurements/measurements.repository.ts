import { and, asc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import type { Reading } from './series';

/**
 * The participant's readings of the given codes taken in [from, to), oldest first. Served by
 * the (user_id, code, measured_at) index.
 */
export async function readingsBetween(
  db: Database,
  userId: number,
  codes: readonly string[],
  from: Date,
  to: Date,
): Promise<Reading[]> {
  if (codes.length === 0) return [];
  return db
    .select({
      code: measurements.code,
      source: measurements.source,
      value: measurements.value,
      unit: measurements.unit,
      measuredAt: measurements.measuredAt,
    })
    .from(measurements)
    .where(
      and(
        eq(measurements.userId, userId),
        inArray(measurements.code, [...codes]),
        gte(measurements.measuredAt, from),
        lt(measurements.measuredAt, to),
      ),
    )
    .orderBy(asc(measurements.measuredAt), asc(measurements.id));
}

/** When the participant's latest measurement of any kind was taken, or null: SQL for a statement. */
export function lastMeasurementAtOf(userId: SQLWrapper): SQL<Date | null> {
  return sql`(select max(${measurements.measuredAt}) from ${measurements} where ${measurements.userId} = ${userId})`;
}
