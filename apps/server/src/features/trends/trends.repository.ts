import { sql } from 'drizzle-orm';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import { simulationRunDateOf } from '#app/core/simulation-run-date';
import type { Reading } from '#app/core/measurements/series';
import { windowReadings, windowReadingsStatement } from '#app/core/measurements/window-readings';

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
  const readings = windowReadings(db, { participant, asOf, day: sql`${asOf.day}` }, codes, days);
  const dayText = sql<string>`to_char(${asOf.day}, 'YYYY-MM-DD')`;
  const details = sql`jsonb_build_object('date_string', (select ${dayText} from ${asOf}))`;
  const audit = participantAudit(db, participant, details);
  return windowReadingsStatement(
    db,
    { participant, asOf, readings, audit },
    { asOf: dayText },
  ).prepare(name);
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
