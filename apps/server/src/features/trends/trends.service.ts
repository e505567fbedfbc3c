import { MEASUREMENT_TYPES, type MeasurementKey } from '@recovery-portal/contract/measurements';
import { INSIGHT_RULES, UP_IS_GOOD, type TrendSeries } from '@recovery-portal/contract/telemetry';
import {
  TREND_DAYS,
  TREND_SERIES_METRICS,
  USER_TREND_METRICS,
  USER_TREND_WEEKS,
  type ActivityTrend,
  type TrendSeriesKind,
  type UserTrend,
  type UserTrendMetric,
  type WeeklySeries,
} from '@recovery-portal/contract/trends';
import type { Database } from '#app/db/client';
import { computeInsight } from '#app/core/measurements/insight';
import type { AuditValues } from '#app/core/audit/record-audit';
import { dailyValues, type Reading } from '#app/core/measurements/series';
import { trendSeries } from '#app/core/measurements/trend-series';
import { auditedTrendReadings } from './trends.repository';
import { weeklyMeans, weeksEnding } from './weekly';

const codeOf = (key: MeasurementKey) => MEASUREMENT_TYPES[key].code;

/** HOME readings of one measurement. */
function homeReadings(readings: readonly Reading[], key: MeasurementKey): Reading[] {
  const code = codeOf(key);
  return readings.filter((r) => r.code === code && r.source === 'HOME');
}

/** The weekly trend of every home telemetry metric (pure). */
export function buildUserTrend(readings: readonly Reading[], asOf: string): UserTrend {
  const weeks = weeksEnding(asOf, USER_TREND_WEEKS);
  const series = (key: MeasurementKey): WeeklySeries => {
    const values = dailyValues(homeReadings(readings, key));
    return {
      unit: MEASUREMENT_TYPES[key].unit,
      plot_value: weeklyMeans(values, weeks),
      insight: computeInsight(values, {
        asOf,
        windowDays: INSIGHT_RULES.telemetryWindowDays,
        upIsGood: UP_IS_GOOD[key],
      }),
    };
  };
  const metrics = Object.fromEntries(
    (Object.entries(USER_TREND_METRICS) as [UserTrendMetric, MeasurementKey][]).map(
      ([metric, key]) => [metric, series(key)],
    ),
  ) as Record<UserTrendMetric, WeeklySeries>;
  return { date: asOf, weeks, metrics };
}

/** The as-of of a trend call: date_string when given; `today` stands in for no run date. */
export interface TrendDates {
  dateString: string | null;
  today: string;
}

export function createTrendService(db: Database) {
  /**
   * The participant's readings of the `days` days ending on the as-of day, with the call's audit
   * row (`name` names the statement of these codes and days).
   */
  const readingsOf = (
    name: string,
    userId: number,
    keys: MeasurementKey[],
    days: number,
    dates: TrendDates,
    audit: AuditValues,
  ) => auditedTrendReadings(db, { name, codes: keys.map(codeOf), days }, userId, dates, audit);
  const seriesOf = (readings: Reading[], key: MeasurementKey, asOf: string): TrendSeries =>
    trendSeries(homeReadings(readings, key), {
      asOf,
      days: TREND_DAYS,
      upIsGood: UP_IS_GOOD[key],
    });

  return {
    /** The TREND_DAYS-day daily series of one metric (mood, bmi, sleep, body weight, pain). */
    async series(
      userId: number,
      kind: TrendSeriesKind,
      dates: TrendDates,
      audit: AuditValues,
    ): Promise<TrendSeries> {
      const key = TREND_SERIES_METRICS[kind];
      const { asOf, readings } = await readingsOf(kind, userId, [key], TREND_DAYS, dates, audit);
      return seriesOf(readings, key, asOf);
    },

    /** Steps, active time, calories out and distance over the TREND_DAYS days. */
    async activity(userId: number, dates: TrendDates, audit: AuditValues): Promise<ActivityTrend> {
      const keys: MeasurementKey[] = ['steps', 'activityMinutes', 'caloriesOut', 'distance'];
      const { asOf, readings } = await readingsOf(
        'activity',
        userId,
        keys,
        TREND_DAYS,
        dates,
        audit,
      );
      return {
        date: asOf,
        steps: seriesOf(readings, 'steps', asOf),
        active_time: seriesOf(readings, 'activityMinutes', asOf),
        calorie_out: seriesOf(readings, 'caloriesOut', asOf),
        distance: seriesOf(readings, 'distance', asOf),
      };
    },

    /** Weekly averages of the USER_TREND_WEEKS weeks ending on the as-of day. */
    async userTrend(userId: number, dates: TrendDates, audit: AuditValues): Promise<UserTrend> {
      const keys = Object.values(USER_TREND_METRICS);
      const { asOf, readings } = await readingsOf(
        'weekly',
        userId,
        keys,
        USER_TREND_WEEKS * 7,
        dates,
        audit,
      );
      return buildUserTrend(readings, asOf);
    },
  };
}
