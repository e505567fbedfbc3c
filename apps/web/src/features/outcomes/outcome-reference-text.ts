import {
  anchorIn,
  anchorText,
  cohortPointText,
  type ChartColumn,
} from '@recovery-portal/contract/outcome-reference';
import { OUTCOME_STATUS_LABELS, type OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { formatImprovement, formatOutcomeValue } from './outcome-summary';

/** The participant's score at a timepoint in words, for the tooltip. */
function participantLine(survey: OutcomeSurvey, index: number): string {
  const point = survey.points[index];
  if (!point || point.score === null) return 'No score from this participant.';
  const change =
    point.improvement === null
      ? ''
      : ` (${formatImprovement(survey, point.improvement)} from PreOp)`;
  const status = point.status ? `: ${OUTCOME_STATUS_LABELS[point.status].toLowerCase()}` : '';
  return `This participant: ${formatOutcomeValue(survey, point.score)}${change}${status}.`;
}

/**
 * Everything the chart shows in one column, in words: the participant's score, the clinic's
 * median, middle half and the participant's percentile (or that there are too few), and a
 * published mean with its SD.
 */
export function chartPointLines(survey: OutcomeSurvey, column: ChartColumn): string[] {
  const anchor = anchorIn(survey, column);
  const published = anchor ? [`${anchorText(anchor)}.`] : [];
  if (column.kind === 'published') return [`${column.label} after surgery`, ...published];
  const index = survey.points.findIndex((point) => point.timepoint === column.key);
  const cohort = survey.cohort?.points[index];
  return [
    column.label,
    participantLine(survey, index),
    ...(cohort ? [cohortPointText(survey, cohort)] : []),
    ...published,
  ];
}
