import {
  OUTCOME_DEVIATION_LABELS,
  RECOVERY_PROGRAMME_LABELS,
} from '@recovery-portal/contract/outcomes';
import type {
  OutcomePoint,
  OutcomeScale,
  OutcomeSurvey,
  OutcomeTrends,
} from '@recovery-portal/contract/outcomes';
import { SURGERY_PROCEDURE_LABELS } from '@recovery-portal/contract/surgery';

/** A score, expected value or band edge: at most one decimal. */
export function formatOutcomeValue(value: number | null): string {
  return value === null ? '-' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** Score minus expected with its sign, e.g. '+5' or '-24.9'; a dash when there is none. */
export function formatDeviation(deviation: number | null): string {
  if (deviation === null) return '-';
  const text = formatOutcomeValue(Math.abs(deviation));
  if (deviation > 0) return `+${text}`;
  return deviation < 0 ? `-${text}` : text;
}

/** 'range 37.4–72.4', or '' without a band. */
export function formatBand(point: Pick<OutcomePoint, 'lower' | 'upper'>): string {
  if (point.lower === null || point.upper === null) return '';
  return `${formatOutcomeValue(point.lower)}–${formatOutcomeValue(point.upper)}`;
}

export function scaleText(scale: OutcomeScale): string {
  return `Score ${scale.min}–${scale.max}, ${scale.higher_is_better ? 'higher' : 'lower'} is better`;
}

/** The points that have a submitted score. */
export function scoredPoints(survey: OutcomeSurvey): OutcomePoint[] {
  return survey.points.filter((point) => point.score !== null);
}

/** The questionnaires worth charting: those with at least one score. */
export function scoredSurveys(trends: OutcomeTrends | undefined): OutcomeSurvey[] {
  return (trends?.surveys ?? []).filter((survey) => scoredPoints(survey).length > 0);
}

/** One sentence per point outside the band, e.g. '6 Weeks: 30, worse than expected (54.9, range 37.4–72.4).' */
function outsideSentence(point: OutcomePoint): string {
  const label = point.status ? OUTCOME_DEVIATION_LABELS[point.status].toLowerCase() : '';
  return `${point.label}: ${formatOutcomeValue(point.score)}, ${label} (expected ${formatOutcomeValue(point.expected)}, range ${formatBand(point)}).`;
}

/** What a chart shows, in words: how many scores, and each one outside the expected range. */
export function surveySummary(survey: OutcomeSurvey): string {
  const scored = scoredPoints(survey);
  const count = `${scored.length} ${scored.length === 1 ? 'score' : 'scores'}`;
  if (!survey.scale) {
    return `${count}; there is no expected recovery curve for this questionnaire.`;
  }
  const outside = scored.filter((point) => point.status === 'BETTER' || point.status === 'WORSE');
  if (outside.length === 0) {
    return `${count}, all within the expected range.`;
  }
  return `${count}, ${outside.length} outside the expected range. ${outside.map(outsideSentence).join(' ')}`;
}

/** Which programme's curve the charts compare with, and where it was read from. */
export function programmeText(trends: OutcomeTrends): string {
  const procedure = trends.procedure ? SURGERY_PROCEDURE_LABELS[trends.procedure] : null;
  if (!trends.programme) {
    return `No expected recovery curve: the latest surgery (${procedure ?? 'unknown procedure'}) has no outcome data in the programme.`;
  }
  const programme = RECOVERY_PROGRAMME_LABELS[trends.programme];
  switch (trends.programme_source) {
    case 'SURGERY':
      return `Compared with the ${programme}, from the latest surgery (${procedure ?? 'unknown procedure'}).`;
    case 'GROUP':
      return `Compared with the ${programme}, from the participant's group.`;
    case 'DEFAULT':
      return `Compared with the ${programme}: no surgery is recorded.`;
  }
}
