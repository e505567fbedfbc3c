import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
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

/** Midnight UTC starting the day `days` after `day` (a date). */
const utcMidnight = (day: SQL, days: number) =>
  sql`((${day} + ${sql.raw(String(days))})::timestamp at time zone 'UTC')`;

/**
 * One trend read of a participant in one statement with the call's audit row
 * (core/audit/participant-read.ts): the day it is read as of (date_string, else a Demo
 * participant's simulation run date, else today, also the audit row's `date_string`) and their
 * readings of `codes` over the `days` days ending on it, oldest first.
 */
function trendStatement(db: Database, name: string, codes: readonly string[], days: number) {
  const participant = participantCte(db);
  const asOf = db.$with('as_of').as(
    db
      .select({
        day: sql<string>`coalesce(${sql.placeholder('dateString')}::date, ${simulationRunDateOf(participant.id)}, ${sql.placeholder('today')}::date)`.as(
          'day',
        ),
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
          inArray(measurements.code, [...codes]),
          gte(measurements.measuredAt, utcMidnight(day, -(days - 1))),
          lt(measurements.measuredAt, utcMidnight(day, 1)),
        ),
      ),
  );
  const dayText = sql<string>`to_char(${asOf.day}, 'YYYY-MM-DD')`;
  const details = sql`jsonb_build_object('date_string', (select ${dayText} from ${asOf}))`;
  return db
    .with(participant, asOf, readings, participantAudit(db, participant, details))
    .select({
      asOf: dayText,
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
    .prepare(name);
}

type TrendStatement = ReturnType<typeof trendStatement>;

/** Each trend's statement is fixed (its codes and days), so it is prepared once and kept. */
const kept = new Map<string, (db: Database) => TrendStatement>();

export interface TrendReadings {
  /** The day (YYYY-MM-DD) the trend is read as of. */
  asOf: string;
  readings: Reading[];
}

/**
 * The participant's readings of `codes` over the `days` days ending on the as-of day, read with
 * the call's audit row; 404 for no such participant. `name` names the trend's statement.
 */
export async function auditedTrendReadings(
  db: Database,
  target: { name: string; codes: readonly string[]; days: number },
  id: number,
  dates: { dateString: string | null; today: string },
  audit: AuditValues,
): Promise<TrendReadings> {
  const { name, codes, days } = target;
  let statement = kept.get(name);
  if (!statement) {
    statement = preparedOutsideTransactions((database) =>
      trendStatement(database, `participant_trend_${name.replace('-', '_')}`, codes, days),
    );
    kept.set(name, statement);
  }
  const rows = participantRows(
    await statement(db).execute({ ...audit, participantId: id, ...dates }),
    id,
  );
  return {
    asOf: rows[0].asOf,
    readings: rows.flatMap(({ reading }) => (reading ? [reading] : [])),
  };
}
