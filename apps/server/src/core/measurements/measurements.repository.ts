import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { measurements } from '#app/db/schema/measurements';

/** When the participant's latest measurement of any kind was taken, or null: SQL for a statement. */
export function lastMeasurementAtOf(userId: SQLWrapper): SQL<Date | null> {
  return sql`(select max(${measurements.measuredAt}) from ${measurements} where ${measurements.userId} = ${userId})`;
}
