import * as z from 'zod/mini';
import type { MeasurementKey } from './measurements';
import { API_PATHS } from './paths';
import { participantIdField } from './participants';
import { dateStringSchema } from './profile';
import { insightSchema, isoDaySchema, plotPointSchema, trendSeriesSchema } from './telemetry';

// ---------------------------------------------------------------------------------------------
// POST /api/trend/mood | bmi | sleep | body-weight | body-pain | activity
// ---------------------------------------------------------------------------------------------

/** Each trend call answers the TREND_DAYS up to and including date_string. */
export const TREND_DAYS = 30;

/**
 * Body of every trend call: the participant and the last day of the series (YYYY-MM-DD). Left
 * out, it is the participant's simulation current_run_date (an enrolled Demo participant) or
 * today in UTC.
 */
export const trendRequestSchema = z.object({
  user_id: participantIdField(),
  date_string: z.optional(dateStringSchema),
});
export type TrendRequestInput = z.input<typeof trendRequestSchema>;

/** The single-series trend calls and the measurement each one charts (HOME readings). */
export const TREND_SERIES_METRICS = {
  /** Mood 1–5. */
  mood: 'mood',
  /** kg/m². */
  bmi: 'bmi',
  /** Minutes asleep. */
  sleep: 'sleepDuration',
  /** kg. */
  'body-weight': 'weight',
  /** Pain score 0–10. */
  'body-pain': 'painScore',
} as const satisfies Record<string, MeasurementKey>;
export type TrendSeriesKind = keyof typeof TREND_SERIES_METRICS;

/** The path of each single-series trend call: the server registers these, the portal calls them. */
export const TREND_SERIES_PATHS: Record<TrendSeriesKind, string> = {
  mood: API_PATHS.trend.mood,
  bmi: API_PATHS.trend.bmi,
  sleep: API_PATHS.trend.sleep,
  'body-weight': API_PATHS.trend.bodyWeight,
  'body-pain': API_PATHS.trend.bodyPain,
};

/** mood, bmi, sleep, body-weight and body-pain answer one TrendSeries (see telemetry.ts). */
export const trendResponseSchema = trendSeriesSchema;
export type TrendResponse = z.infer<typeof trendResponseSchema>;

/** /api/trend/activity: four daily series of the tracker's totals, each with its insight. */
export const activityTrendSchema = z.object({
  date: isoDaySchema,
  steps: trendSeriesSchema,
  /** Minutes of activity (charts divide by 60 for hours, spec §9). */
  active_time: trendSeriesSchema,
  /** kcal */
  calorie_out: trendSeriesSchema,
  /** km */
  distance: trendSeriesSchema,
});
export type ActivityTrend = z.infer<typeof activityTrendSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/user/id/{id}/trend?date_string=
// ---------------------------------------------------------------------------------------------

/** The participant trend covers this many whole weeks ending on the as-of day. */
export const USER_TREND_WEEKS = 12;

export const userTrendQuerySchema = z.object({ date_string: z.optional(dateStringSchema) });

/** The metrics of the participant trend, with the measurement behind each (HOME readings). */
export const USER_TREND_METRICS = {
  steps: 'steps',
  activity_mins: 'activityMinutes',
  distance: 'distance',
  stride_length: 'strideLength',
  calorie_out: 'caloriesOut',
  weight: 'weight',
  bmi: 'bmi',
  sleep: 'sleepDuration',
  sleep_quality: 'sleepQuality',
  mood: 'mood',
  pain: 'painScore',
  anxiety: 'anxiety',
} as const satisfies Record<string, MeasurementKey>;
export type UserTrendMetric = keyof typeof USER_TREND_METRICS;

/**
 * Weekly averages of one metric: one point per week that has readings, keyed by the week's
 * first day, valued the mean of its daily values (2 decimals). `insight` compares the last
 * week with the one before.
 */
export const weeklySeriesSchema = z.object({
  /** UCUM unit as stored (see unitLabel in measurements.ts). */
  unit: z.string(),
  plot_value: z.array(plotPointSchema),
  insight: insightSchema,
});
export type WeeklySeries = z.infer<typeof weeklySeriesSchema>;

/** One of the USER_TREND_WEEKS weeks, oldest first; both days inclusive. */
export const trendWeekSchema = z.object({ start: isoDaySchema, end: isoDaySchema });

/**
 * GET /api/user/id/{id}/trend response `_data`: weekly averages of every home telemetry metric
 * over the USER_TREND_WEEKS weeks ending on `date` (the last week ends on `date` itself).
 */
export const userTrendSchema = z.object({
  date: isoDaySchema,
  weeks: z.array(trendWeekSchema),
  metrics: z.object({
    steps: weeklySeriesSchema,
    activity_mins: weeklySeriesSchema,
    distance: weeklySeriesSchema,
    stride_length: weeklySeriesSchema,
    calorie_out: weeklySeriesSchema,
    weight: weeklySeriesSchema,
    bmi: weeklySeriesSchema,
    sleep: weeklySeriesSchema,
    sleep_quality: weeklySeriesSchema,
    mood: weeklySeriesSchema,
    pain: weeklySeriesSchema,
    anxiety: weeklySeriesSchema,
  } satisfies Record<UserTrendMetric, typeof weeklySeriesSchema>),
});
export type UserTrend = z.infer<typeof userTrendSchema>;
