import { INSIGHT_RULES, type TrendSeries } from '@recovery-portal/contract/telemetry';
import { addDays } from '#app/core/days';
import { computeInsight } from './insight';
import { dailyValues, plotPoints, type Reading } from './series';

/**
 * The daily series of `days` days ending on `asOf` (inclusive) with its 7-day insight; readings
 * outside the range are ignored.
 */
export function trendSeries(
  readings: readonly Reading[],
  options: { asOf: string; days: number; upIsGood: boolean },
): TrendSeries {
  const { asOf, days, upIsGood } = options;
  const values = dailyValues(readings);
  return {
    date: asOf,
    plot_value: plotPoints(values, addDays(asOf, -(days - 1)), asOf),
    insight: computeInsight(values, {
      asOf,
      windowDays: INSIGHT_RULES.telemetryWindowDays,
      upIsGood,
    }),
  };
}
