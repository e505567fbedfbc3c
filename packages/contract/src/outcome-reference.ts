import { formatMeasureValue } from './instruments';
import { COHORT_MIN_N, type CohortPoint, type OutcomeSurvey } from './outcomes';
import {
  ANCHOR_WINDOW_LABELS,
  PUBLISHED_ANCHORS,
  type AnchorWindow,
  type PublishedAnchor,
} from './published-outcomes';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS, type SurveyTimepoint } from './surveys';

/**
 * What the outcome chart (details page) and the recovery report draw and say about a score's
 * reference, in one place so both show the same: the clinic's band per timepoint, published
 * means as points after the schedule's last timepoint, and the sentences that go with them.
 */

/** One column of the chart: a schedule timepoint, or a published window after the schedule. */
export type ChartColumn =
  | { kind: 'timepoint'; key: SurveyTimepoint; label: string }
  | { kind: 'published'; key: Exclude<AnchorWindow, 'PRE_OP'>; label: string };

/**
 * The five timepoints, then each published window after them that has a mean (KOOS JR: 1-2 and
 * over 2 years). A PreOp mean sits in the PreOp column.
 */
export function chartColumns(survey: Pick<OutcomeSurvey, 'measure'>): ChartColumn[] {
  const timepoints = SURVEY_TIMEPOINTS.map((key): ChartColumn => ({
    kind: 'timepoint',
    key,
    label: SURVEY_TIMEPOINT_LABELS[key],
  }));
  const later = PUBLISHED_ANCHORS[survey.measure].flatMap((anchor): ChartColumn[] =>
    anchor.window === 'PRE_OP'
      ? []
      : [{ kind: 'published', key: anchor.window, label: ANCHOR_WINDOW_LABELS[anchor.window] }],
  );
  return [...timepoints, ...later];
}

/** The published mean drawn in a column, if any. */
export function anchorIn(
  survey: Pick<OutcomeSurvey, 'measure'>,
  column: ChartColumn,
): PublishedAnchor | null {
  const window: AnchorWindow | null =
    column.kind === 'published' ? column.key : column.key === 'PRE_OP' ? 'PRE_OP' : null;
  return PUBLISHED_ANCHORS[survey.measure].find((anchor) => anchor.window === window) ?? null;
}

/** 'Published mean before surgery 51.6 ± 11.5 (n = 861; registry, Bone Joint Open 2022)'. */
export function anchorText(anchor: PublishedAnchor): string {
  return `Published mean ${ANCHOR_WINDOW_LABELS[anchor.window]} ${anchor.mean} ± ${anchor.sd} (n = ${anchor.n.toLocaleString('en-US')}; ${anchor.cite})`;
}

/** '62nd' */
export function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${['th', 'st', 'nd', 'rd'][value % 10] ?? 'th'}`;
}

/**
 * The clinic's figures at one timepoint in words: 'This clinic at 3 Months: median 65.99, middle
 * half 59.38 to 70.70 (n = 84); this participant at the 62nd percentile', or that there are too
 * few comparable patients for a band.
 */
export function cohortPointText(survey: OutcomeSurvey, point: CohortPoint): string {
  const when = SURVEY_TIMEPOINT_LABELS[point.timepoint];
  if (point.median === null || point.p25 === null || point.p75 === null) {
    return `Too few comparable patients at ${when} for a band (n = ${point.n}, fewer than ${COHORT_MIN_N}).`;
  }
  const value = (n: number) => formatMeasureValue(survey.measure, n);
  const place =
    point.percentile === null
      ? ''
      : `; this participant at the ${ordinal(point.percentile)} percentile`;
  return `This clinic at ${when}: median ${value(point.median)}, middle half ${value(point.p25)} to ${value(point.p75)} (n = ${point.n})${place}.`;
}

/** Timepoints without a band, in one sentence; null when every timepoint has one. */
export function tooFewText(survey: OutcomeSurvey): string | null {
  const cohort = survey.cohort;
  if (!cohort) return null;
  const missing = cohort.points.filter((point) => point.median === null);
  if (missing.length === 0) return null;
  const list = missing
    .map((point) => `${SURVEY_TIMEPOINT_LABELS[point.timepoint]} (n = ${point.n})`)
    .join(', ');
  return `Too few comparable patients for a band (fewer than ${COHORT_MIN_N}) at ${list}.`;
}

/** The percentile column of a table: '62nd', or a dash. */
export function percentileText(point: CohortPoint | undefined): string {
  return point?.percentile === null || point?.percentile === undefined
    ? '-'
    : ordinal(point.percentile);
}
