import { describeChange, MEASURE_INFO, type Measure } from '@recovery-portal/contract/instruments';
import { MCID_FROM, PASS_FROM, type OutcomeStatus } from '@recovery-portal/contract/outcomes';
import { SURVEY_TIMEPOINTS, type SurveyTimepoint } from '@recovery-portal/contract/surveys';
import { roundTo } from '#app/core/numbers';

const ORDER = new Map(SURVEY_TIMEPOINTS.map((timepoint, index) => [timepoint, index]));
const atOrAfter = (timepoint: SurveyTimepoint, from: SurveyTimepoint) =>
  (ORDER.get(timepoint) ?? 0) >= (ORDER.get(from) ?? 0);

/** Change from PreOp in the better direction: positive is better, whichever way the scale runs. */
export function improvementOf(measure: Measure, preOp: number, score: number): number {
  const change = score - preOp;
  return roundTo(MEASURE_INFO[measure].higherIsBetter ? change : -change, 3);
}

/** Why a score is not improving as expected, in words with the numbers; null when it is. */
export interface Shortfall {
  kind: 'MCID' | 'PASS';
  text: string;
}

/**
 * Where one score after surgery stands against the instrument's published MCID (from 3 Months,
 * needs the PreOp score) and PASS (from 6 Months). Null when neither applies yet.
 */
export function assessScore(
  measure: Measure,
  timepoint: SurveyTimepoint,
  score: number,
  preOp: number | null,
): { status: OutcomeStatus | null; shortfalls: Shortfall[] } {
  const info = MEASURE_INFO[measure];
  const shortfalls: Shortfall[] = [];
  let judged = false;
  if (info.mcid && preOp !== null && timepoint !== 'PRE_OP' && atOrAfter(timepoint, MCID_FROM)) {
    judged = true;
    const improvement = improvementOf(measure, preOp, score);
    if (improvement < info.mcid.value) {
      shortfalls.push({
        kind: 'MCID',
        text: `${info.label} ${describeChange(measure, improvement)} from PreOp (${value(measure, preOp)} to ${value(measure, score)}), less than the MCID of ${info.mcid.value}`,
      });
    }
  }
  if (info.pass && atOrAfter(timepoint, PASS_FROM)) {
    judged = true;
    const below = info.higherIsBetter ? score < info.pass.value : score > info.pass.value;
    if (below) {
      shortfalls.push({
        kind: 'PASS',
        text: `${info.label} ${value(measure, score)} is ${info.higherIsBetter ? 'below' : 'above'} the PASS of ${info.pass.value}`,
      });
    }
  }
  if (!judged) return { status: null, shortfalls };
  return { status: shortfalls.length > 0 ? 'NOT_IMPROVING' : 'IMPROVING', shortfalls };
}

function value(measure: Measure, score: number): string {
  return score.toFixed(MEASURE_INFO[measure].decimals);
}
