import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { TELEMETRY_LOOKBACK_DAYS } from '@recovery-portal/contract/telemetry';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import { simulationRunDateOf } from '#app/core/simulation-run-date';
import type { Reading } from '#app/core/measurements/series';
import { lastMeasurementAtOf } from '#app/core/measurements/measurements.repository';

/** Every measurement the telemetry call reads. */
const TELEMETRY_CODES = Object.values(MEASUREMENT_TYPES).map((type) => type.code);

/** Midnight UTC starting the day `days` after `day` (a date). */
const utcMidnight = (day: SQL, days: number) =>
  sql`((${day} + ${sql.raw(String(days))})::timestamp at time zone 'UTC')`;

/**
 * The telemetry of one participant in one statement with the call's audit row
 * (core/audit/participant-read.ts): the day it is read as of (a Demo participant's simulation run
 * date, else today), when their latest measurement of any kind was taken, and their readings of
 * the lookback, oldest first. Always the same statement, so it is prepared once and kept.
 */
const telemetryStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const asOf = db.$with('as_of').as(
    db
      .select({
        day: sql<string>`coalesce(${simulationRunDateOf(participant.id)}, ${sql.placeholder('today')}::date)`.as(
          'day',
        ),
        // Nested, so Drizzle keeps its columns' table names (a one-table select drops them).
        lastAt: sql`${lastMeasurementAtOf(participant.id)}`.as('last_at'),
      })
      .from(participant),
  );
  const day = sql`${asOf.day}`;
  const readings = db.$with('readings').as(
    db
      .select({
        id: measurements.id,
        code: measurements.code,
        source: measurements.source,
        value: measurements.value,
        unit: measurements.unit,
        measuredAt: measurements.measuredAt,
      })
      .from(participant)
      .crossJoin(asOf)
      .innerJoin(
        measurements,
        and(
          eq(measurements.userId, participant.id),
          inArray(measurements.code, TELEMETRY_CODES),
          gte(measurements.measuredAt, utcMidnight(day, -(TELEMETRY_LOOKBACK_DAYS - 1))),
          lt(measurements.measuredAt, utcMidnight(day, 1)),
        ),
      ),
  );
  return db
    .with(participant, asOf, readings, participantAudit(db, participant))
    .select({
      asOf: sql<string>`to_char(${asOf.day}, 'YYYY-MM-DD')`,
      lastAt: sql<Date | null>`${asOf.lastAt}`.mapWith(measurements.measuredAt),
      reading: {
        code: readings.code,
        source: readings.source,
        value: readings.value,
        unit: readings.unit,
        measuredAt: readings.measuredAt,
      },
    })
    .from(participant)
    .crossJoin(asOf)
    .leftJoin(readings, sql`true`)
    .orderBy(asc(readings.measuredAt), asc(readings.id))
    .prepare('participant_telemetry_audited');
});

export interface TelemetryReadings {
  /** The day (YYYY-MM-DD) the telemetry is read as of. */
  asOf: string;
  lastAt: Date | null;
  readings: Reading[];
}

/** The participant's telemetry readings, read with the call's audit row; 404 for none. */
export async function auditedTelemetryReadings(
  db: Database,
  id: number,
  today: string,
  audit: AuditValues,
): Promise<TelemetryReadings> {
  const rows = participantRows(
    await telemetryStatement(db).execute({ ...audit, participantId: id, today }),
    id,
  );
  const [first] = rows;
  return {
    asOf: first.asOf,
    lastAt: first.lastAt,
    readings: rows.flatMap(({ reading }) => (reading ? [reading] : [])),
  };
}
