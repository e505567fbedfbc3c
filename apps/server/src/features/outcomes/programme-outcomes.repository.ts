// The programme outcomes view's figures in one statement: the cohort is selected once and its
// scores are read and grouped per participant once, and every figure (quartiles, threshold
// rates, completion, who is behind) is derived from that, instead of five statements that each
// selected the cohort and joined every score again (at 100,000 participants that cost seconds).
import { sql, type SQL } from 'drizzle-orm';
import type { Measure } from '@recovery-portal/contract/instruments';
import { SURVEY_TIMEPOINTS, type SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';
import { clinicalFlags } from '#app/db/schema/triage';
import { outcomeScores, surveyResponses, surveys } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { sqlValueList, type BandRow as ScoreBandRow } from './outcome-aggregates.repository';

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
 * Quartiles and count per measure and timepoint, as the participant chart's band has them; the
 * row with a null timepoint is the measure's, whose `participants` counts those with any score.
 */
export type BandRow = Omit<ScoreBandRow, 'demo' | 'below' | 'equal'>;

export interface RateRow {
  measure: Measure;
  mcid_eligible: number;
  mcid_reached: number;
  pass_eligible: number;
  pass_reached: number;
  scb_eligible: number;
  scb_reached: number;
}

export interface CompletionRow {
  title: string;
  timepoint: SurveyTimepoint;
  due: number;
  submitted: number;
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

export interface ProgrammeFiguresRow {
  participants: number;
  /** Whether any of the cohort's scores was written by the demo generator. */
  demo: boolean;
  bands: BandRow[];
  rates: RateRow[];
  completion: CompletionRow[];
  behind: BehindRow[];
}

/** `max(value) filter (where timepoint = …)` per timepoint, in SURVEY_TIMEPOINTS order. */
const perTimepoint = (column: SQL) =>
  sql.join(
    SURVEY_TIMEPOINTS.map(
      (timepoint) => sql`max(${column}) filter (where o.timepoint = ${timepoint})`,
    ),
    sql`, `,
  );

/**
 * Every figure of the programme view for `cohort` (`select user_id …`, one row per participant):
 *
 * - quartiles per measure and timepoint exactly as percentile_cont computes them (the value at
 *   floor and ceil of p·(n−1) in the sorted scores, interpolated the same way), read from a
 *   histogram of the scores: scores take a few dozen values, so no sort of every score;
 * - per measure, how many participants have the scores a threshold needs and how many reached
 *   it: the MCID at 3 months and the SCB at 12 months as improvement from PreOp (rounded to 3
 *   places, as the flag judges it), the PASS at 6 months as the score itself;
 * - questionnaires due per title and timepoint (submitted, or past their day on `today` and not
 *   marked not applicable) and how many of them were submitted;
 * - participants whose latest score of a measure is not improving as expected, as the chart's
 *   marker judges it (an improvement from PreOp below the MCID from 3 Months, the wrong side of
 *   the PASS from 6 Months), whether or not a flag was raised: flags not yet acknowledged first,
 *   then the newest answers; `limit` of them, with the total.
 */
export async function programmeFigures(
  db: Database,
  cohort: SQL,
  thresholds: readonly RateThresholds[],
  today: string,
  limit: number,
): Promise<ProgrammeFiguresRow> {
  const measures = thresholds.map((t) => t.measure);
  const statement = sql`with cohort as materialized (${cohort}),
    -- One row per participant and measure (outcome_scores holds one score per timepoint).
    per_user as materialized (
      select x.measure, c.user_id, x.vs, x.rs, x.generated
      from cohort c
      cross join lateral (
        select o.measure,
          array[${perTimepoint(sql`o.value`)}]::float8[] as vs,
          array[${perTimepoint(sql`o.response_id`)}]::int[] as rs,
          bool_or(o.generated) as generated
        from ${outcomeScores} o
        where o.user_id = c.user_id
          and o.measure in (${measures.length === 0 ? sql`null` : sqlValueList(measures)})
        group by o.measure
      ) x
    ),
    judged_scores as (
      select p.measure, p.user_id,
        p.vs[${SURVEY_TIMEPOINTS.indexOf('PRE_OP') + 1}] as pre,
        p.vs[${SURVEY_TIMEPOINTS.indexOf('MONTH_3') + 1}] as m3,
        p.vs[${SURVEY_TIMEPOINTS.indexOf('MONTH_6') + 1}] as m6,
        p.vs[${SURVEY_TIMEPOINTS.indexOf('MONTH_12') + 1}] as m12,
        p.rs[${SURVEY_TIMEPOINTS.indexOf('MONTH_3') + 1}] as r3,
        p.rs[${SURVEY_TIMEPOINTS.indexOf('MONTH_6') + 1}] as r6,
        p.rs[${SURVEY_TIMEPOINTS.indexOf('MONTH_12') + 1}] as r12
      from per_user p
    ),
    t as (
      select * from jsonb_to_recordset(${JSON.stringify(thresholds)}::jsonb)
        as t(measure text, direction int, mcid float8, pass float8, scb float8)
    ),
    hist as (
      select p.measure, x.timepoint, x.v, count(*) as n
      from per_user p
      cross join lateral unnest(array[${sqlValueList(SURVEY_TIMEPOINTS)}]::text[], p.vs) as x(timepoint, v)
      where x.v is not null
      group by p.measure, x.timepoint, x.v
    ),
    cum as (
      select measure, timepoint, v, n,
        sum(n) over (partition by measure, timepoint order by v) - n as before,
        sum(n) over (partition by measure, timepoint) as total
      from hist
    ),
    positions as (
      select g.measure, g.timepoint, g.total, q.i, q.p * (g.total - 1)::float8 as pos
      from (select distinct measure, timepoint, total from cum) g
      cross join unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality as q(p, i)
    ),
    quartiles as (
      select ps.measure, ps.timepoint, ps.total::int as n,
        array_agg(lo.v + ((ps.pos - floor(ps.pos)) * (hi.v - lo.v)) order by ps.i) as q
      from positions ps
      join cum lo on lo.measure = ps.measure and lo.timepoint = ps.timepoint
        and lo.before <= floor(ps.pos) and floor(ps.pos) < lo.before + lo.n
      join cum hi on hi.measure = ps.measure and hi.timepoint = ps.timepoint
        and hi.before <= ceil(ps.pos) and ceil(ps.pos) < hi.before + hi.n
      group by ps.measure, ps.timepoint, ps.total
    ),
    bands as (
      select measure, timepoint, n, 0 as participants, q[1] as p25, q[2] as median, q[3] as p75
      from quartiles
      union all
      select measure, null, 0, count(*)::int, null, null, null from per_user group by measure
    ),
    rates as (
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
      from judged_scores p join t on t.measure = p.measure
      group by p.measure
    ),
    -- Counted per survey id, the title joined to the twenty counts (titles are unique).
    completion as (
      select s.title, k.timepoint::text as timepoint, k.due, k.submitted
      from (
        select r.survey_id, r.timepoint,
          count(*) filter (where r.submitted_at is not null
            or (not r.not_applicable and r.target_date < ${today}))::int as due,
          count(*) filter (where r.submitted_at is not null)::int as submitted
        from ${surveyResponses} r
        where exists (select 1 from cohort c where c.user_id = r.user_id)
        group by r.survey_id, r.timepoint
      ) k
      join ${surveys} s on s.id = k.survey_id
    ),
    -- The latest score judged (3 Months on).
    latest as (
      select p.user_id, p.measure, p.pre as pre_op, t.direction, t.mcid, t.pass,
        case when p.m12 is not null then 'MONTH_12' when p.m6 is not null then 'MONTH_6'
          else 'MONTH_3' end as timepoint,
        coalesce(p.m12, p.m6, p.m3) as v,
        coalesce(p.r12, p.r6, p.r3) as response_id
      from judged_scores p join t on t.measure = p.measure
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
    ),
    -- Only the listed rows look up their answer's day and the participant's name (one index
    -- read each), not every row of the two tables.
    ordered as (
      select b.user_id, b.measure, b.timepoint as latest_timepoint, b.v as latest_score,
        b.pre_op, b.short_mcid, b.short_pass, f.open, f.detected_at,
        case when f.open then 0 when f.open is null then 1 else 2 end as flag_order,
        (select r.submitted_at from ${surveyResponses} r where r.id = b.response_id)
          as submitted_at,
        count(*) over ()::int as total
      from behind b
      left join flagged f on f.user_id = b.user_id and f.measure = b.measure
    ),
    listed as (
      select * from ordered
      order by flag_order, submitted_at desc, user_id, measure
      limit ${limit}
    )
    select
      (select count(*)::int from cohort) as participants,
      (select coalesce(bool_or(generated), false) from per_user) as demo,
      (select coalesce(json_agg(b), '[]') from bands b) as bands,
      (select coalesce(json_agg(r), '[]') from rates r) as rates,
      (select coalesce(json_agg(c), '[]') from completion c) as completion,
      (select coalesce(json_agg(json_build_object(
          'user_id', l.user_id, 'first_name', u.first_name, 'last_name', u.last_name,
          'measure', l.measure, 'latest_timepoint', l.latest_timepoint,
          'latest_score', l.latest_score, 'pre_op', l.pre_op, 'short_mcid', l.short_mcid,
          'short_pass', l.short_pass, 'open', l.open, 'detected_at', l.detected_at,
          'total', l.total)
          order by l.flag_order, l.submitted_at desc, l.user_id, l.measure), '[]')
        from listed l join ${users} u on u.id = l.user_id) as behind`;
  // PostgreSQL would compile this statement with JIT on every call (its estimated cost is high):
  // the compiling alone took 100–200 ms, more than it saves on a statement of this size.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(statement);
  });
  const row = rowsOf<ProgrammeFiguresRow>(result)[0];
  if (!row) throw new Error('the programme figures statement returned no row');
  return row;
}
