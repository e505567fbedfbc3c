import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import {
  OUTCOME_STATUS_LABELS,
  RECOVERY_PROGRAMME_LABELS,
} from '@recovery-portal/contract/outcomes';
import type {
  OutcomePoint,
  OutcomeSurvey,
  OutcomeTrends,
} from '@recovery-portal/contract/outcomes';
import { SURGERY_PROCEDURE_LABELS } from '@recovery-portal/contract/surgery';

/** A score as its instrument publishes it (65.99, 42.3); a dash when there is none. */
export function formatOutcomeValue(survey: OutcomeSurvey, value: number | null): string {
  return value === null ? '-' : formatMeasureValue(survey.measure, value);
}

/** Change from PreOp in the better direction with its sign, e.g. '+18.51'; a dash without one. */
export function formatImprovement(survey: OutcomeSurvey, improvement: number | null): string {
  if (improvement === null) return '-';
  const text = formatOutcomeValue(survey, Math.abs(improvement));
  if (improvement > 0) return `+${text}`;
  return improvement < 0 ? `-${text}` : text;
}

/** 'MCID 14 · PASS 63.7', or what is not published. */
export function thresholdText(survey: OutcomeSurvey): string {
  const mcid = survey.mcid ? `MCID ${survey.mcid.value}` : 'no published MCID entered';
  const pass = survey.pass ? `PASS ${survey.pass.value}` : 'no published PASS entered';
  return `${mcid} · ${pass}`;
}

/** The points that have a score. */
export function scoredPoints(survey: OutcomeSurvey): OutcomePoint[] {
  return survey.points.filter((point) => point.score !== null);
}

/** The scores worth charting: those with at least one score. */
export function scoredSurveys(trends: OutcomeTrends | undefined): OutcomeSurvey[] {
  return (trends?.surveys ?? []).filter((survey) => scoredPoints(survey).length > 0);
}

/** The line on the chart the improvement must reach: PreOp plus (or minus) the MCID. */
export function mcidTarget(survey: OutcomeSurvey): number | null {
  const preOp = survey.points[0]?.score ?? null;
  if (!survey.mcid || preOp === null) return null;
  const target = survey.higher_is_better ? preOp + survey.mcid.value : preOp - survey.mcid.value;
  return Math.min(survey.max, Math.max(survey.min, target));
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

/** Which programme the participant follows, and where it was read from. */
export function programmeText(trends: OutcomeTrends): string {
  const procedure = trends.procedure ? SURGERY_PROCEDURE_LABELS[trends.procedure] : null;
  if (!trends.programme) {
    return `The latest surgery (${procedure ?? 'unknown procedure'}) is outside the recovery programmes.`;
  }
  const programme = RECOVERY_PROGRAMME_LABELS[trends.programme];
  switch (trends.programme_source) {
    case 'SURGERY':
      return `${programme}, from the latest surgery (${procedure ?? 'unknown procedure'}).`;
    case 'GROUP':
      return `${programme}, from the participant's group.`;
    case 'DEFAULT':
      return `${programme}: no surgery is recorded.`;
  }
}
