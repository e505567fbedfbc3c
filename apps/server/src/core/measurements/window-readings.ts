import { and, asc, eq, gte, inArray, lt, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import type { ParticipantCte } from '#app/core/audit/participant-read';

/** Midnight UTC starting the day `days` after `day` (a date). */
const utcMidnight = (day: SQL, days: number) =>
  sql`((${day} + ${sql.raw(String(days))})::timestamp at time zone 'UTC')`;

/**
 * The participant's readings of `codes` over the `days` days ending on `day` (a column of
 * `asOf`, the CTE naming the day a read is made as of): a CTE of a participant read
 * (core/audit/participant-read.ts).
 */
export function windowReadings(
  db: Database,
  window: { participant: ParticipantCte; asOf: Subquery; day: SQL },
  codes: readonly string[],
  days: number,
) {
  const { participant, asOf, day } = window;
  return db.$with('readings').as(
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
}

type WindowReadings = ReturnType<typeof windowReadings>;

/**
 * The statement around windowReadings: `fields` of the as-of CTE with each reading (a Reading of
 * core/measurements/series.ts), oldest first; one row with a null reading when there is none, no
 * row for no participant. `audit` is the statement's audit CTE.
 */
export function windowReadingsStatement<TFields extends SelectedFieldsFlat>(
  db: Database,
  ctes: { participant: ParticipantCte; asOf: Subquery; readings: WindowReadings; audit: Subquery },
  fields: TFields,
) {
  const { participant, asOf, readings, audit } = ctes;
  return db
    .with(participant, asOf, readings, audit)
    .select({
      ...fields,
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
    .orderBy(asc(readings.measuredAt), asc(readings.id));
}
