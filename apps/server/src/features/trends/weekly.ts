import type { PlotPoint } from '@recovery-portal/contract/telemetry';
import { addDays } from '#app/core/days';
import type { DailyValue } from '#app/core/measurements/insight';
import { roundTo } from '#app/core/numbers';

export interface Week {
  start: string;
  end: string;
}

/** `count` whole weeks ending on `asOf` (the last week's end), oldest first. */
export function weeksEnding(asOf: string, count: number): Week[] {
  return Array.from({ length: count }, (_, index) => {
    const end = addDays(asOf, -7 * (count - 1 - index));
    return { start: addDays(end, -6), end };
  });
}

/** The mean of the daily values in each week that has any, keyed by the week's first day. */
export function weeklyMeans(values: readonly DailyValue[], weeks: readonly Week[]): PlotPoint[] {
  return weeks.flatMap((week) => {
    const inWeek = values.filter((point) => point.day >= week.start && point.day <= week.end);
    if (inWeek.length === 0) return [];
    const mean = inWeek.reduce((sum, point) => sum + point.value, 0) / inWeek.length;
    return [{ key: week.start, value: roundTo(mean) }];
  });
}
