import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import { formatImprovement, OUTCOME_STATUS_LABELS } from '@recovery-portal/contract/outcomes';
import type {
  OutcomePoint,
  OutcomeSurvey,
  OutcomeTrends,
} from '@recovery-portal/contract/outcomes';

// Shared with the server's recovery report, which must show the same numbers.
export {
  formatImprovement,
  mcidTarget,
  programmeText,
  scbTarget,
} from '@recovery-portal/contract/outcomes';

/** A score as its instrument publishes it (65.99, 42.3); a dash when there is none. */
export function formatOutcomeValue(survey: OutcomeSurvey, value: number | null): string {
  return value === null ? '-' : formatMeasureValue(survey.measure, value);
}

/** 'MCID 14 · PASS 63.7 · SCB 20', or what is not published. */
export function thresholdText(survey: OutcomeSurvey): string {
  const mcid = survey.mcid ? `MCID ${survey.mcid.value}` : 'no published MCID entered';
  const pass = survey.pass ? `PASS ${survey.pass.value}` : 'no published PASS entered';
  return [mcid, pass, survey.scb ? `SCB ${survey.scb.value}` : null]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** The points that have a score. */
export function scoredPoints(survey: OutcomeSurvey): OutcomePoint[] {
  return survey.points.filter((point) => point.score !== null);
}

/** The scores worth charting: those with at least one score. */
export function scoredSurveys(trends: OutcomeTrends | undefined): OutcomeSurvey[] {
  return (trends?.surveys ?? []).filter((survey) => scoredPoints(survey).length > 0);
}

function judgedSentence(survey: OutcomeSurvey, point: OutcomePoint): string {
  const label = point.status ? OUTCOME_STATUS_LABELS[point.status].toLowerCase() : '';
  const change =
    point.improvement === null
      ? ''
      : ` (${formatImprovement(survey, point.improvement)} from PreOp)`;
  return `${point.label}: ${formatOutcomeValue(survey, point.score)}${change}, ${label}.`;
}

/** What a chart shows, in words: how many scores, and how the judged ones stand. */
export function surveySummary(survey: OutcomeSurvey): string {
  const scored = scoredPoints(survey);
  const count = `${scored.length} ${scored.length === 1 ? 'score' : 'scores'}`;
  if (!survey.mcid && !survey.pass) {
    return `${count}; no published MCID or PASS is entered for ${survey.label}.`;
  }
  const judged = scored.filter((point) => point.status !== null);
  if (judged.length === 0) {
    return `${count}; held against the MCID from 3 Months and the PASS from 6 Months.`;
  }
  return `${count}. ${judged.map((point) => judgedSentence(survey, point)).join(' ')}`;
}
