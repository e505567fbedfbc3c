import type { MeasurementSource } from '@recovery-portal/contract/measurements';
import type { PlotPoint } from '@recovery-portal/contract/telemetry';
import { utcDay } from '#app/core/days';
import type { DailyValue } from './insight';
import { roundTo } from '#app/core/numbers';

/** One stored measurement as the series functions need it. */
export interface Reading {
  code: string;
  source: MeasurementSource;
  value: number;
  unit: string;
  measuredAt: Date;
}

/**
 * One value per UTC day that has readings, oldest first: the mean of the day's readings, or
 * their minimum with `min`. A tracker's daily totals are one reading per day, so the mean of a
 * day with a repeated sync is still that total.
 */
export function dailyValues(
  readings: readonly Reading[],
  aggregate: 'mean' | 'min' = 'mean',
): DailyValue[] {
  const byDay = new Map<string, number[]>();
  for (const reading of readings) {
    const day = utcDay(reading.measuredAt);
    const values = byDay.get(day);
    if (values) values.push(reading.value);
    else byDay.set(day, [reading.value]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, values]) => ({
      day,
      value:
        aggregate === 'min'
          ? Math.min(...values)
          : values.reduce((sum, value) => sum + value, 0) / values.length,
    }));
}

/** Chart points for the days from `from` to `to` (inclusive), values rounded to 2 decimals. */
export function plotPoints(values: readonly DailyValue[], from: string, to: string): PlotPoint[] {
  return values
    .filter((point) => point.day >= from && point.day <= to)
    .map((point) => ({ key: point.day, value: roundTo(point.value) }));
}

/** The latest reading (by time; the last stored wins a tie), or null. */
export function latestReading(readings: readonly Reading[]): Reading | null {
  let latest: Reading | null = null;
  for (const reading of readings) {
    if (!latest || reading.measuredAt.getTime() >= latest.measuredAt.getTime()) latest = reading;
  }
  return latest;
}

/** Readings grouped by `code|source`. */
export function groupReadings(readings: readonly Reading[]): Map<string, Reading[]> {
  const groups = new Map<string, Reading[]>();
  for (const reading of readings) {
    const key = readingKey(reading.code, reading.source);
    const group = groups.get(key);
    if (group) group.push(reading);
    else groups.set(key, [reading]);
  }
  return groups;
}

export function readingKey(code: string, source: MeasurementSource): string {
  return `${code}|${source}`;
}
