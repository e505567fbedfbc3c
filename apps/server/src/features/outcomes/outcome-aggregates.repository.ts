// Outcome figures the database computes from the stored scores (outcome_scores): the
// clinic's band on a participant's chart and the programme view. Nothing is read row by row into
// Node: quartiles come from percentile_cont, shares from counts.
import { and, sql, type SQL } from 'drizzle-orm';
import type { Measure } from '@recovery-portal/contract/instruments';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';
import { clinicalFlags } from '#app/db/schema/triage';
import { surgeries } from '#app/db/schema/surgery';
import { outcomeScores, surveyResponses, surveys } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { cohortConditions, type CohortFilters } from '#app/core/cohort-filter';

/** A statement's cohort: `select user_id …`, one row per participant. */
type CohortSql = SQL;

/** Participants the programme view's filters hold. */
export function filteredCohort(filters: CohortFilters): CohortSql {
  return sql`select ${users.id} as user_id from ${users} where ${and(...cohortConditions(filters))}`;
}

/** Participants whose latest surgery (by day, then id) is `procedure`, one left out. */
export function procedureCohort(procedure: SurgeryProcedure, excludeUserId: number): CohortSql {
  return sql`select s.user_id from ${surgeries} s
    where s.procedure = ${procedure} and s.user_id <> ${excludeUserId}
      and not exists (select 1 from ${surgeries} later where later.user_id = s.user_id
        and (later.surgery_date, later.id) > (s.surgery_date, s.id))`;
}

const measureList = (measures: readonly Measure[]) =>
  sql.join(
    measures.map((measure) => sql`${measure}`),
    sql`, `,
  );

/**
 * `with cohort, scored`: one score per participant, measure and timepoint (outcome_scores keeps
 * the latest submitted response's, as the chart shows it), with whether the generator wrote it.
 */
function scoredCte(cohort: CohortSql, measures: readonly Measure[]): SQL {
  return sql`with cohort as (${cohort}),
    scored as (
      select o.user_id, o.measure, o.timepoint, o.value::float8 as v, o.generated, o.response_id
      from ${outcomeScores} o
      join cohort c on c.user_id = o.user_id
      where o.measure in (${measureList(measures)})
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

/** The cohort's quartiles per measure and timepoint, and where `own` scores stand among them. */
export async function scoreBands(
  db: Database,
  cohort: CohortSql,
  measures: readonly Measure[],
  own: readonly OwnScore[] = [],
): Promise<BandRow[]> {
  if (measures.length === 0) return [];
  const result = await db.execute(sql`${scoredCte(cohort, measures)},
    own as (
      select * from jsonb_to_recordset(${JSON.stringify(own)}::jsonb)
        as o(measure text, timepoint text, value float8)
    )
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
    ) bands`);
  return rowsOf<BandRow>(result);
}

/**
 * A measure's thresholds as the rates and the list of who is behind count them; direction 1 when
 * higher is better, else -1.
 */
export interface RateThresholds {
  measure: Measure;
  direction: 1 | -1;
  mcid: number | null;
  pass: number | null;
  scb: number | null;
}

/**
 * `with cohort, scored, per_user, t`: one row per participant and measure with the scores the
 * thresholds are judged on (and the responses they came from), in one pass over the cohort's
 * scores; `t` holds the thresholds.
 */
function perUserCte(cohort: CohortSql, thresholds: readonly RateThresholds[]): SQL {
  return sql`${scoredCte(
    cohort,
    thresholds.map((t) => t.measure),
  )},
    per_user as (
      select measure, user_id,
        max(v) filter (where timepoint = 'PRE_OP') as pre,
        max(v) filter (where timepoint = 'MONTH_3') as m3,
        max(v) filter (where timepoint = 'MONTH_6') as m6,
        max(v) filter (where timepoint = 'MONTH_12') as m12,
        max(response_id) filter (where timepoint = 'MONTH_3') as r3,
        max(response_id) filter (where timepoint = 'MONTH_6') as r6,
        max(response_id) filter (where timepoint = 'MONTH_12') as r12
      from scored group by measure, user_id
    ),
    t as (
      select * from jsonb_to_recordset(${JSON.stringify(thresholds)}::jsonb)
        as t(measure text, direction int, mcid float8, pass float8, scb float8)
    )`;
}

export interface RateRow {
  measure: Measure;
  mcid_eligible: number;
  mcid_reached: number;
  pass_eligible: number;
  pass_reached: number;
  scb_eligible: number;
  scb_reached: number;
}

/**
 * Per measure, how many participants have the scores a threshold needs and how many reached it:
 * the MCID at 3 months and the SCB at 12 months as improvement from PreOp (rounded to 3 places,
 * as the flag judges it), the PASS at 6 months as the score itself.
 */
export async function thresholdRates(
  db: Database,
  cohort: CohortSql,
  thresholds: readonly RateThresholds[],
): Promise<RateRow[]> {
  if (thresholds.length === 0) return [];
  const result = await db.execute(sql`${perUserCte(cohort, thresholds)}
    select p.measure,
      count(*) filter (where t.mcid is not null and p.pre is not null and p.m3 is not null)::int
        as mcid_eligible,
      count(*) filter (where round(((p.m3 - p.pre) * t.direction)::numeric, 3) >= t.mcid)::int
        as mcid_reached,
      count(*) filter (where t.pass is not null and p.m6 is not null)::int as pass_eligible,
      count(*) filter (where p.m6 * t.direction >= t.pass * t.direction)::int as pass_reached,
      count(*) filter (where t.scb is not null and p.pre is not null and p.m12 is not null)::int
        as scb_eligible,
      count(*) filter (where round(((p.m12 - p.pre) * t.direction)::numeric, 3) >= t.scb)::int
        as scb_reached
    from per_user p join t on t.measure = p.measure
    group by p.measure`);
  return rowsOf<RateRow>(result);
}

export interface CompletionRow {
  title: string;
  timepoint: SurveyTimepoint;
  due: number;
  submitted: number;
}

/**
 * Questionnaires due per title and timepoint (submitted, or past their day on `today` and not
 * marked not applicable) and how many of them were submitted.
 */
export async function completion(
  db: Database,
  cohort: CohortSql,
  today: string,
): Promise<CompletionRow[]> {
  const result = await db.execute(sql`with cohort as (${cohort})
    select s.title, r.timepoint::text as timepoint,
      count(*) filter (where r.submitted_at is not null
        or (not r.not_applicable and r.target_date < ${today}))::int as due,
      count(*) filter (where r.submitted_at is not null)::int as submitted
    from ${surveyResponses} r
    join cohort c on c.user_id = r.user_id
    join ${surveys} s on s.id = r.survey_id
    group by s.title, r.timepoint`);
  return rowsOf<CompletionRow>(result);
}

export interface BehindRow {
  user_id: number;
  first_name: string;
  last_name: string;
  measure: Measure;
  latest_timepoint: SurveyTimepoint;
  latest_score: number;
  pre_op: number | null;
  short_mcid: boolean;
  short_pass: boolean;
  /** Null when no "Not improving as expected" flag was raised on the score. */
  open: boolean | null;
  detected_at: Date | string | null;
  total: number;
}

/**
 * Participants of the cohort whose latest score of a measure is not improving as expected, as
 * the chart's marker judges it (an improvement from PreOp below the MCID from 3 Months, the
 * wrong side of the PASS from 6 Months; the improvement rounded to 3 places, as the flag
 * judges it), whether or not a flag was raised: flags not yet acknowledged first, then the
 * newest answers.
 */
export async function behind(
  db: Database,
  cohort: CohortSql,
  thresholds: readonly RateThresholds[],
  limit: number,
): Promise<BehindRow[]> {
  if (thresholds.length === 0) return [];
  const result = await db.execute(sql`${perUserCte(cohort, thresholds)},
    -- The latest score judged (3 Months on): per_user holds one row per participant and measure.
    latest as (
      select p.user_id, p.measure, p.pre as pre_op, t.direction, t.mcid, t.pass,
        case when p.m12 is not null then 'MONTH_12' when p.m6 is not null then 'MONTH_6'
          else 'MONTH_3' end as timepoint,
        coalesce(p.m12, p.m6, p.m3) as v,
        coalesce(p.r12, p.r6, p.r3) as response_id
      from per_user p join t on t.measure = p.measure
      where coalesce(p.m12, p.m6, p.m3) is not null
    ),
    judged as (
      select l.*,
        coalesce(l.mcid is not null and l.pre_op is not null
          and round(((l.v - l.pre_op) * l.direction)::numeric, 3) < l.mcid, false) as short_mcid,
        coalesce(l.pass is not null and l.timepoint <> 'MONTH_3'
          and l.v * l.direction < l.pass * l.direction, false) as short_pass
      from latest l
    ),
    behind as (select * from judged where short_mcid or short_pass),
    flagged as (
      select f.user_id, split_part(f.rule, ':', 2) as measure,
        bool_or(f.status = 'OPEN') as open, max(f.detected_at) as detected_at
      from ${clinicalFlags} f
      join (select distinct user_id from behind) b on b.user_id = f.user_id
      where f.source = 'OUTCOME' and f.rule like 'not-improving:%'
      group by f.user_id, split_part(f.rule, ':', 2)
    )
    select b.user_id, u.first_name, u.last_name, b.measure,
      b.timepoint as latest_timepoint, b.v as latest_score, b.pre_op,
      b.short_mcid, b.short_pass, f.open, f.detected_at,
      count(*) over ()::int as total
    from behind b
    join ${users} u on u.id = b.user_id
    join ${surveyResponses} r on r.id = b.response_id
    left join flagged f on f.user_id = b.user_id and f.measure = b.measure
    order by case when f.open then 0 when f.open is null then 1 else 2 end,
      r.submitted_at desc, b.user_id, b.measure
    limit ${limit}`);
  return rowsOf<BehindRow>(result);
}

/** How many participants the cohort holds. */
export async function cohortSize(db: Database, cohort: CohortSql): Promise<number> {
  const result = await db.execute(
    sql`with cohort as (${cohort}) select count(*)::int as n from cohort`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
