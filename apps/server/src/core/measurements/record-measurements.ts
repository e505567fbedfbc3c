import type { MeasurementSource } from '@recovery-portal/contract/measurements';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';

/** A measurement to store: code (LOINC where one exists) and value in the stored UCUM unit. */
export interface NewMeasurement {
  userId: number;
  code: string;
  value: number;
  unit: string;
  measuredAt: Date;
  source: MeasurementSource;
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 5000;

/**
 * Stores measurements, the one write path of the participant's app and the simulation: each row
 * is stamped with when it was stored (`storedAt`, default now), which FHIR's meta.lastUpdated and
 * _since read, so a reading that arrives a week late is still seen as new. Returns the ids in
 * the order given.
 */
export async function recordMeasurements(
  db: Database,
  rows: readonly NewMeasurement[],
  storedAt: Date = new Date(),
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insert(measurements)
      .values(rows.slice(i, i + CHUNK).map((row) => ({ ...row, storedAt })))
      .returning({ id: measurements.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
