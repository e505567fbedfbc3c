import { sql } from 'drizzle-orm';
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
import { windowReadings, windowReadingsStatement } from '#app/core/measurements/window-readings';

/** Every measurement the telemetry call reads. */
const TELEMETRY_CODES = Object.values(MEASUREMENT_TYPES).map((type) => type.code);

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
  const readings = windowReadings(
    db,
    { participant, asOf, day: sql`${asOf.day}` },
    TELEMETRY_CODES,
    TELEMETRY_LOOKBACK_DAYS,
  );
  const audit = participantAudit(db, participant);
  return windowReadingsStatement(
    db,
    { participant, asOf, readings, audit },
    {
      asOf: sql<string>`to_char(${asOf.day}, 'YYYY-MM-DD')`,
      lastAt: sql<Date | null>`${asOf.lastAt}`.mapWith(measurements.measuredAt),
    },
  ).prepare('participant_telemetry_audited');
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
