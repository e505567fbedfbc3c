import {
  COHORT_MIN_N,
  NO_COHORT_WITHOUT_SURGERY,
  type CohortPoint,
  type OutcomeSurvey,
} from '@recovery-portal/contract/outcomes';
import { SURGERY_PROCEDURE_LABELS, type SurgeryProcedure } from '@recovery-portal/contract/surgery';
import { SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { roundTo } from '#app/core/numbers';
import {
  procedureCohort,
  scoreBands,
  type BandRow,
  type OwnScore,
} from './outcome-aggregates.repository';

/** 'This clinic, total hip replacement: median and middle half, n = 84', '(demo data)' when so. */
export function cohortLabel(procedure: SurgeryProcedure, n: number, demo: boolean): string {
  const label = `This clinic, ${SURGERY_PROCEDURE_LABELS[procedure].toLowerCase()}: median and middle half, n = ${n}`;
  return demo ? `${label} (demo data)` : label;
}

/**
 * Where a score stands among `n` others: the share with a worse score, ties counted half, in
 * percent (higher = better, whichever way the scale runs).
 */
export function percentileOf(
  row: Pick<BandRow, 'n' | 'below' | 'equal'>,
  higherIsBetter: boolean,
): number {
  const worse = higherIsBetter ? row.below : row.n - row.below - row.equal;
  return roundTo(((worse + row.equal / 2) / row.n) * 100, 0);
}

/**
 * Adds the clinic's band to each score of a participant: the comparable patients are those whose
 * latest surgery is the same procedure, the participant left out; quartiles from COHORT_MIN_N on.
 */
export async function withCohortReference(
  db: Database,
  userId: number,
  procedure: SurgeryProcedure | null,
  surveys: OutcomeSurvey[],
): Promise<OutcomeSurvey[]> {
  if (!procedure) return withBands(null, surveys, []);
  const own: OwnScore[] = surveys.flatMap((survey) =>
    survey.points.flatMap((point) =>
      point.score === null
        ? []
        : [{ measure: survey.measure, timepoint: point.timepoint, value: point.score }],
    ),
  );
  const measures = [...new Set(surveys.map((survey) => survey.measure))];
  const rows = await scoreBands(db, procedureCohort(procedure, userId), measures, own);
  return withBands(procedure, surveys, rows);
}

/**
 * Adds the clinic's band to each score of a participant from `rows`, scoreBands' of the
 * comparable patients of `procedure` (none without a recorded surgery: a note says why).
 */
export function withBands(
  procedure: SurgeryProcedure | null,
  surveys: OutcomeSurvey[],
  rows: readonly BandRow[],
): OutcomeSurvey[] {
  if (!procedure) {
    return surveys.map((survey) => ({ ...survey, cohort_note: NO_COHORT_WITHOUT_SURGERY }));
  }
  return surveys.map((survey) => {
    const ofMeasure = rows.filter((row) => row.measure === survey.measure);
    const whole = ofMeasure.find((row) => row.timepoint === null);
    const points = SURVEY_TIMEPOINTS.map((timepoint, index): CohortPoint => {
      const row = ofMeasure.find((candidate) => candidate.timepoint === timepoint);
      const n = row?.n ?? 0;
      const banded = row !== undefined && n >= COHORT_MIN_N;
      const hasScore = survey.points[index]?.score !== null;
      return {
        timepoint,
        n,
        p25: banded ? row.p25 : null,
        median: banded ? row.median : null,
        p75: banded ? row.p75 : null,
        percentile: banded && hasScore ? percentileOf(row, survey.higher_is_better) : null,
      };
    });
    const n = whole?.participants ?? 0;
    const demo = whole?.demo ?? false;
    return {
      ...survey,
      cohort: { label: cohortLabel(procedure, n, demo), procedure, n, demo, points },
    };
  });
}
