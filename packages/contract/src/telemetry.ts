import * as z from 'zod/mini';
import { measurementSourceSchema, type MeasurementKey } from './measurements';

// ---------------------------------------------------------------------------------------------
// Insight: the arrow next to a value (spec §3 'Insight', §4 'Insight arrows')
// ---------------------------------------------------------------------------------------------

export const INSIGHT_DIRECTIONS = [
  'NOT_AVAILABLE',
  'STABLE',
  'UP',
  'DOUBLE-UP',
  'DOWN',
  'DOUBLE-DOWN',
] as const;
export const insightDirectionSchema = z.enum(INSIGHT_DIRECTIONS);
export type InsightDirection = z.infer<typeof insightDirectionSchema>;

export const INSIGHT_EFFECTS = ['STABLE', 'GOOD', 'BAD'] as const;
export const insightEffectSchema = z.enum(INSIGHT_EFFECTS);
export type InsightEffect = z.infer<typeof insightEffectSchema>;

export const insightSchema = z.object({
  direction: insightDirectionSchema,
  effect: insightEffectSchema,
});
export type Insight = z.infer<typeof insightSchema>;

/** The insight of a metric without enough data: no arrow. */
export const NOT_AVAILABLE_INSIGHT: Insight = { direction: 'NOT_AVAILABLE', effect: 'STABLE' };

/**
 * How the server computes an insight from a stored series of daily values: the mean of the last
 * `windowDays` days up to and including the as-of date, against the mean of the `windowDays`
 * days before them. A change within ±stablePercent is STABLE, up to doublePercent a single arrow,
 * beyond it a double arrow. Either window without a reading gives NOT_AVAILABLE. A previous mean
 * of 0 with a current one above it counts as a double rise.
 */
export const INSIGHT_RULES = {
  stablePercent: 3,
  doublePercent: 10,
  /** Home telemetry and the trend calls: last 7 days against the 7 before. */
  telemetryWindowDays: 7,
  /** Labs and vitals (clinic visits are about monthly): last 30 days against the 30 before. */
  labWindowDays: 30,
} as const;

/**
 * Whether a rise is good news for the participant (effect GOOD when it goes up). Steps, sleep
 * and HDL up are good; weight, pain, blood pressure and LDL up are bad.
 */
export const UP_IS_GOOD: Readonly<Record<MeasurementKey, boolean>> = {
  systolicBp: false,
  diastolicBp: false,
  glucose: false,
  hba1c: false,
  hdl: true,
  ldl: false,
  triglycerides: false,
  totalCholesterol: false,
  weight: false,
  bmi: false,
  steps: true,
  activityMinutes: true,
  distance: true,
  strideLength: true,
  caloriesOut: true,
  sleepDuration: true,
  sleepQuality: true,
  painScore: false,
  anxiety: false,
  mood: true,
  heartRate: false,
  oxygenSaturation: true,
  bodyHeight: true,
};

// ---------------------------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------------------------

/** YYYY-MM-DD (a UTC calendar day). */
export const isoDaySchema = z.iso.date();
const dayOrNull = z.nullable(isoDaySchema);
const valueOrNull = z.nullable(z.number());

/** One chart point: `key` is the day (YYYY-MM-DD, UTC) or, in weekly series, the week's first day. */
export const plotPointSchema = z.object({ key: isoDaySchema, value: z.number() });
export type PlotPoint = z.infer<typeof plotPointSchema>;

/**
 * A daily series ending on `date` (inclusive): one point per day that has readings (the day's
 * mean, 2 decimals), oldest first; days without readings are left out, so charts show gaps.
 * `insight` compares the last 7 days with the 7 before (INSIGHT_RULES).
 */
export const trendSeriesSchema = z.object({
  date: isoDaySchema,
  plot_value: z.array(plotPointSchema),
  insight: insightSchema,
});
export type TrendSeries = z.infer<typeof trendSeriesSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/user/telemetry?user_id=
// ---------------------------------------------------------------------------------------------

/**
 * Tiles read HOME readings from at most this many days before current_run_date; a metric whose
 * latest reading is older (or that has none) is null, which the portal shows as 'No data'.
 */
export const TELEMETRY_LOOKBACK_DAYS = 365;
/** activeTime and bodyWeight (the detail charts) cover this many days up to current_run_date. */
export const TELEMETRY_CHART_DAYS = 30;
/** glucose_min is the lowest reading of the this many days up to the source's latest one. */
export const GLUCOSE_MIN_WINDOW_DAYS = 30;
/** Mood is reported out of 5 (spec §9); pain and anxiety 0–10; sleep quality 1–5. */
export const MOOD_SCALE_MAX = 5;
export const PAIN_SCALE_MAX = 10;
export const ANXIETY_SCALE_MAX = 10;
export const SLEEP_QUALITY_SCALE_MAX = 5;
/** A tile's 'New' tag: its reading is from current_run_date or the day before. */
export const NEW_READING_DAYS = 2;

/** True when a tile's reading (YYYY-MM-DD) is recent enough for the 'New' tag. */
export function isNewReading(readingDay: string | null, currentRunDate: string): boolean {
  if (!readingDay) return false;
  const age = (Date.parse(currentRunDate) - Date.parse(readingDay)) / 86_400_000;
  return age >= 0 && age < NEW_READING_DAYS;
}

/**
 * Home telemetry tiles. Every metric M has `M` (the latest HOME reading, null when none),
 * `M_date` (its UTC day) and `M_insight`. Activity values are the tracker's daily totals.
 */
export const activityTelemetrySchema = z.object({
  /** Minutes of activity that day (the detail chart divides by 60 for hours, spec §9). */
  activity_mins: valueOrNull,
  activity_mins_date: dayOrNull,
  activity_mins_insight: insightSchema,
  steps: valueOrNull,
  steps_date: dayOrNull,
  steps_insight: insightSchema,
  /** Kilometres. */
  distance: valueOrNull,
  distance_date: dayOrNull,
  distance_insight: insightSchema,
  /** Metres (stored per day by the tracker). */
  stride_length: valueOrNull,
  stride_length_date: dayOrNull,
  stride_length_insight: insightSchema,
  /** kcal burned that day. */
  calorie_out: valueOrNull,
  calorie_out_date: dayOrNull,
  calorie_out_insight: insightSchema,
});

/** 'Body Measurement & Diet'. Spec §3's `weight_trend` is `weight_insight` here. */
export const bodyMeasurementTelemetrySchema = z.object({
  /** kg (the portal shows 0 decimals). */
  weight: valueOrNull,
  weight_date: dayOrNull,
  weight_insight: insightSchema,
  /** kg/m², 2 decimals. */
  bmi: valueOrNull,
  bmi_date: dayOrNull,
  bmi_insight: insightSchema,
  /** The 'Daily Calories' tile in kCal: the day's calories out, as activity.calorie_out. */
  calories: valueOrNull,
  calories_date: dayOrNull,
  calories_insight: insightSchema,
});

/** 'Sleep & Mood' sleep tiles. Spec §3's `sleep_trend` is `sleep_insight` here. */
export const sleepTelemetrySchema = z.object({
  /** Minutes asleep (the portal shows hours and minutes). */
  sleep: valueOrNull,
  sleep_date: dayOrNull,
  sleep_insight: insightSchema,
  /** 1–5, from stored measurements (not a placeholder). */
  sleep_quality: valueOrNull,
  sleep_quality_date: dayOrNull,
  sleep_quality_insight: insightSchema,
});

/** Mood out of MOOD_SCALE_MAX; `value` null when never reported. */
export const moodTelemetrySchema = z.object({
  value: valueOrNull,
  date: dayOrNull,
  insight: insightSchema,
});
/** Pain or anxiety score 0–10; `score` null when never reported. */
export const scoreTelemetrySchema = z.object({
  score: valueOrNull,
  date: dayOrNull,
  insight: insightSchema,
});

/**
 * One lab or vital from one source: the latest reading (`value`, `unit` as stored in UCUM — see
 * unitLabel — and its `date`), the daily values of the lookback as `plot_value`, `total` = how
 * many readings lie behind plot_value, and the insight over 30-day windows.
 */
export const labMeasureSchema = z.object({
  value: z.number(),
  unit: z.string(),
  date: isoDaySchema,
  insight: insightSchema,
  plot_value: z.array(plotPointSchema),
  total: z.int().check(z.nonnegative()),
  source_identifier: measurementSourceSchema,
});
export type LabMeasure = z.infer<typeof labMeasureSchema>;

/** Both sources of a lab, each null when there is no reading from it (tile says 'No data'). */
export const labBySourceSchema = z.object({
  HOME: z.nullable(labMeasureSchema),
  CLINIC: z.nullable(labMeasureSchema),
});
export type LabBySource = z.infer<typeof labBySourceSchema>;

export const labsSchema = z.object({
  blood_pressure: z.object({ systolic: labBySourceSchema, diastolic: labBySourceSchema }),
  blood_glucose: z.object({
    /**
     * Estimated from the source's HbA1c readings with averageGlucoseFromHba1c (mg/dL): value,
     * date and plot_value follow the HbA1c readings.
     */
    avg_glucose: labBySourceSchema,
    /**
     * The lowest glucose reading of the GLUCOSE_MIN_WINDOW_DAYS up to the source's latest one
     * (`date` is the day of that lowest reading); plot_value holds each day's lowest reading.
     */
    glucose_min: labBySourceSchema,
    hba1c: labBySourceSchema,
  }),
  cholesterol: z.object({
    hdl: labBySourceSchema,
    ldl: labBySourceSchema,
    triglycerides: labBySourceSchema,
    total: labBySourceSchema,
  }),
});
export type Labs = z.infer<typeof labsSchema>;

/** GET /api/user/telemetry?user_id= response `_data`. Days are UTC calendar days. */
export const telemetrySchema = z.object({
  activity: activityTelemetrySchema,
  bodyMeasurement: bodyMeasurementTelemetrySchema,
  sleep: sleepTelemetrySchema,
  mood: moodTelemetrySchema,
  pain: scoreTelemetrySchema,
  anxiety: scoreTelemetrySchema,
  labs: labsSchema,
  /** Daily activity minutes over the TELEMETRY_CHART_DAYS up to current_run_date. */
  activeTime: trendSeriesSchema,
  /** Daily weight (kg) over the TELEMETRY_CHART_DAYS up to current_run_date. */
  bodyWeight: trendSeriesSchema,
  /**
   * The day the data is read as of: a Demo participant's simulation run date while they are
   * enrolled in a simulation programme, otherwise today (UTC).
   */
  current_run_date: isoDaySchema,
  /** When the latest measurement of any kind arrived (ISO 8601), null when none ever did. */
  data_last_received_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type Telemetry = z.infer<typeof telemetrySchema>;
