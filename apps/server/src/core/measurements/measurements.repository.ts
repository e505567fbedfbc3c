import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lt,
  max,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
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

/** The latest reading of one code from any source, or undefined. */
export async function latestOfCode(
  db: Database,
  userId: number,
  code: string,
): Promise<{ value: number; measuredAt: Date } | undefined> {
  const [row] = await db
    .select({ value: measurements.value, measuredAt: measurements.measuredAt })
    .from(measurements)
    .where(and(eq(measurements.userId, userId), eq(measurements.code, code)))
    .orderBy(desc(measurements.measuredAt), desc(measurements.id))
    .limit(1);
  return row;
}

/** When the participant's latest measurement of any kind was taken, or null. */
export async function lastMeasurementAt(db: Database, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(measurements.measuredAt) })
    .from(measurements)
    .where(eq(measurements.userId, userId));
  return row?.at ?? null;
}

/** lastMeasurementAt as SQL, for a statement that reads it with other things. */
export function lastMeasurementAtOf(userId: SQLWrapper): SQL<Date | null> {
  return sql`(select max(${measurements.measuredAt}) from ${measurements} where ${measurements.userId} = ${userId})`;
}
