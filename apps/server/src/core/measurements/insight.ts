import {
  INSIGHT_RULES,
  NOT_AVAILABLE_INSIGHT,
  type Insight,
  type InsightDirection,
  type InsightEffect,
} from '@recovery-portal/contract/telemetry';
import { addDays } from '#app/core/days';

/** One day's value of a metric (YYYY-MM-DD, UTC). */
export interface DailyValue {
  day: string;
  value: number;
}

export interface InsightOptions {
  /** The last day of the current window (inclusive). */
  asOf: string;
  /** Length of each of the two windows compared, in days. */
  windowDays: number;
  /** Whether a rise is good news for this metric (UP_IS_GOOD). */
  upIsGood: boolean;
}

/**
 * The direction of a change from `previous` to `current`: within ±3% STABLE, above 3% up to
 * and including 10% a single arrow, above 10% a double one (INSIGHT_RULES). The percentage is
 * rounded to 9 decimals first, so 103 against 100 is exactly 3% whatever floating point says.
 */
export function directionOfChange(previous: number, current: number): InsightDirection {
  if (previous === 0) {
    if (current === 0) return 'STABLE';
    return current > 0 ? 'DOUBLE-UP' : 'DOUBLE-DOWN';
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100 * 1e9) / 1e9;
  const size = Math.abs(percent);
  if (size <= INSIGHT_RULES.stablePercent) return 'STABLE';
  const double = size > INSIGHT_RULES.doublePercent;
  if (percent > 0) return double ? 'DOUBLE-UP' : 'UP';
  return double ? 'DOUBLE-DOWN' : 'DOWN';
}

/** GOOD or BAD by whether the metric's rise is good news; STABLE without a rise or fall. */
export function effectOf(direction: InsightDirection, upIsGood: boolean): InsightEffect {
  switch (direction) {
    case 'NOT_AVAILABLE':
    case 'STABLE':
      return 'STABLE';
    case 'UP':
    case 'DOUBLE-UP':
      return upIsGood ? 'GOOD' : 'BAD';
    case 'DOWN':
    case 'DOUBLE-DOWN':
      return upIsGood ? 'BAD' : 'GOOD';
  }
}

function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The insight of a daily series as of a day: the mean of the `windowDays` days ending on
 * `asOf` against the mean of the `windowDays` days before them. NOT_AVAILABLE when either
 * window has no value (days after `asOf` are ignored).
 */
export function computeInsight(points: readonly DailyValue[], options: InsightOptions): Insight {
  const { asOf, windowDays, upIsGood } = options;
  if (windowDays < 1) return NOT_AVAILABLE_INSIGHT;
  const currentStart = addDays(asOf, -(windowDays - 1));
  const previousStart = addDays(asOf, -(2 * windowDays - 1));
  const current: number[] = [];
  const previous: number[] = [];
  for (const point of points) {
    if (point.day > asOf || point.day < previousStart) continue;
    (point.day >= currentStart ? current : previous).push(point.value);
  }
  const currentMean = mean(current);
  const previousMean = mean(previous);
  if (currentMean === null || previousMean === null) return NOT_AVAILABLE_INSIGHT;
  const direction = directionOfChange(previousMean, currentMean);
  return { direction, effect: effectOf(direction, upIsGood) };
}
