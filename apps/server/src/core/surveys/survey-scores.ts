import {
  formatMeasureScore,
  MEASURE_INFO,
  type MeasureScore,
} from '@recovery-portal/contract/instruments';
import { instrumentOf, scoreResponse } from './instruments';

/** Why a questionnaire that is not a published instrument shows no score. */
export const NOT_AN_INSTRUMENT =
  'This questionnaire is not a published instrument (an earlier in-house form), so it has no published score.';

/**
 * The published scores of a submitted response, derived from its stored answers, each with the
 * text the portal shows: 'KOOS JR 65.99 (0–100, 100 = best)', or why there is none.
 */
export function measureScores(
  title: string,
  answers: unknown,
): { scores: MeasureScore[]; note: string | null } {
  if (!instrumentOf(title)) return { scores: [], note: NOT_AN_INSTRUMENT };
  const scores = scoreResponse(title, answers).map((result): MeasureScore => {
    const label = MEASURE_INFO[result.measure].label;
    return result.value === null
      ? {
          measure: result.measure,
          label,
          value: null,
          display: `${label} not scorable`,
          not_scorable_reason: result.reason,
        }
      : {
          measure: result.measure,
          label,
          value: result.value,
          display: formatMeasureScore(result.measure, result.value, { withScale: true }),
          not_scorable_reason: null,
        };
  });
  return { scores, note: null };
}
