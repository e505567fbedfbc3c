import { NOT_IMPROVING_FINDING } from '@recovery-portal/contract/flags';
import type { Measure } from '@recovery-portal/contract/instruments';
import { MCID_FROM, PASS_FROM, type OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { SURVEY_TIMEPOINT_LABELS } from '@recovery-portal/contract/surveys';
import type { ScheduleRow } from '#app/core/surveys/survey-schedule';
import { assessScore, type Shortfall } from '#app/core/surveys/outcome-status';
import { buildOutcomeSurveys } from '#app/core/surveys/outcome-surveys';

/** A published score that is not improving as expected, with the numbers in words. */
export interface OutcomeFinding {
  measure: Measure;
  /** The contract identifier of what was checked: 'not-improving:KOOS_JR:MCID'. */
  rule: string;
  text: string;
  value: number;
  detectedAt: Date;
  /** One flag per questionnaire, score and check. */
  key: string;
}

/** The check made at each timepoint: the MCID at 3 Months, the PASS at 6 Months. */
const CHECKS: readonly { timepoint: typeof MCID_FROM; kind: Shortfall['kind'] }[] = [
  { timepoint: MCID_FROM, kind: 'MCID' },
  { timepoint: PASS_FROM, kind: 'PASS' },
];

function findingsOf(survey: OutcomeSurvey): OutcomeFinding[] {
  const preOp = survey.points.find((point) => point.timepoint === 'PRE_OP')?.score ?? null;
  return CHECKS.flatMap(({ timepoint, kind }) => {
    const point = survey.points.find((candidate) => candidate.timepoint === timepoint);
    if (!point || point.score === null || !point.submitted_on) return [];
    const shortfall = assessScore(survey.measure, timepoint, point.score, preOp).shortfalls.find(
      (candidate) => candidate.kind === kind,
    );
    if (!shortfall) return [];
    const threshold = kind === 'MCID' ? survey.mcid : survey.pass;
    return [
      {
        measure: survey.measure,
        rule: `not-improving:${survey.measure}:${kind}`,
        text: `${NOT_IMPROVING_FINDING} at ${SURVEY_TIMEPOINT_LABELS[timepoint]}: ${shortfall.text}${threshold ? ` (${threshold.cite})` : ''}.`,
        value: point.score,
        detectedAt: new Date(point.submitted_on),
        key: `outcome:${survey.survey_id}:${timepoint}:${survey.measure}:${kind}`,
      },
    ];
  });
}

/**
 * Every published score of one participant's submitted surveys that is not improving as
 * expected: at 3 Months an improvement from PreOp smaller than the MCID, at 6 Months a score
 * below the PASS (ADR 0016).
 */
export function outcomeFindings(rows: readonly ScheduleRow[]): OutcomeFinding[] {
  return buildOutcomeSurveys(rows).flatMap(findingsOf);
}
