// Outcome figures the database computes from the stored scores (outcome_scores): the
// clinic's band on a participant's chart, and the programme view's cohort (its figures are in
// programme-outcomes.repository.ts). Nothing is read row by row into Node: quartiles come from
// percentile_cont, shares from counts.
import { and, sql, type SQL } from 'drizzle-orm';
import type { Measure } from '@recovery-portal/contract/instruments';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';
import { surgeries } from '#app/db/schema/surgery';
import { outcomeScores } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { cohortConditions, type CohortFilters } from '#app/core/cohort-filter';

/** A statement's cohort: `select user_id …`, one row per participant. */
type CohortSql = SQL;

/** Participants the programme view's filters hold. */
export function filteredCohort(filters: CohortFilters): CohortSql {
  return sql`select ${users.id} as user_id from ${users} where ${and(...cohortConditions(filters))}`;
}

/**
 * Participants whose latest surgery (by day, then id) is `procedure`, one left out; either may
 * be SQL of the statement (a participant's own procedure, read by the same statement).
 */
export function procedureCohort(
  procedure: SurgeryProcedure | SQL,
  excludeUserId: number | SQL,
): CohortSql {
  return sql`select s.user_id from ${surgeries} s
    where s.procedure = ${procedure} and s.user_id <> ${excludeUserId}
      and not exists (select 1 from ${surgeries} later where later.user_id = s.user_id
        and (later.surgery_date, later.id) > (s.surgery_date, s.id))`;
}

/** Values as a comma-separated list of parameters, for `in (…)` and `array[…]`. */
export const sqlValueList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * `with cohort, scored`: one score per participant, measure and timepoint (outcome_scores keeps
 * the latest submitted response's, as the chart shows it), with whether the generator wrote it.
 */
function scoredCte(cohort: CohortSql, measures: SQL): SQL {
  return sql`with cohort as (${cohort}),
    scored as (
      select o.user_id, o.measure, o.timepoint, o.value::float8 as v, o.generated, o.response_id
      from ${outcomeScores} o
      join cohort c on c.user_id = o.user_id
      where o.measure in (${measures})
    )`;
}

/** Quartiles and counts per measure and timepoint; the row with a null timepoint is the measure's. */
export interface BandRow {
  measure: Measure;
  timepoint: SurveyTimepoint | null;
  n: number;
  participants: number;
  p25: number | null;
  median: number | null;
  p75: number | null;
  demo: boolean;
  /** Scores below / equal to the participant's own at that timepoint (0 without one). */
  below: number;
  equal: number;
}

/** A participant's own score at a timepoint, to place among the cohort's. */
export interface OwnScore {
  measure: Measure;
  timepoint: SurveyTimepoint;
  value: number;
}

/**
 * The query of the cohort's quartiles per measure and timepoint (BandRow's columns), and where
 * `own` scores (`select measure, timepoint, value`, timepoint as text) stand among them.
 * `measures` selects the measures to band; both may read the statement's CTEs.
 */
export function scoreBandsQuery(cohort: CohortSql, measures: SQL, own: SQL): SQL {
  return sql`${scoredCte(cohort, measures)},
    own as (${own})
    select measure, timepoint, n, participants, q[1] as p25, q[2] as median, q[3] as p75, demo,
      below, equal
    from (
      select s.measure, s.timepoint::text as timepoint, count(*)::int as n,
        count(distinct s.user_id)::int as participants,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by s.v) as q,
        bool_or(s.generated) as demo,
        count(*) filter (where s.v < o.value)::int as below,
        count(*) filter (where s.v = o.value)::int as equal
      from scored s
      left join own o on o.measure = s.measure and o.timepoint = s.timepoint::text
      group by grouping sets ((s.measure, s.timepoint), (s.measure))
    ) bands`;
}

/** The cohort's quartiles per measure and timepoint, and where `own` scores stand among them. */
export async function scoreBands(
  db: Database,
  cohort: CohortSql,
  measures: readonly Measure[],
  own: readonly OwnScore[] = [],
): Promise<BandRow[]> {
  if (measures.length === 0) return [];
  const result = await db.execute(
    scoreBandsQuery(
      cohort,
      sqlValueList(measures),
      sql`select * from jsonb_to_recordset(${JSON.stringify(own)}::jsonb)
        as o(measure text, timepoint text, value float8)`,
    ),
  );
  return rowsOf<BandRow>(result);
}
