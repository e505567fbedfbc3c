import { MEASUREMENT_TYPES, unitLabel } from '@recovery-portal/contract/measurements';
import type { MeasurementKey } from '@recovery-portal/contract/measurements';
import {
  ANXIETY_SCALE_MAX,
  isNewReading,
  MOOD_SCALE_MAX,
  PAIN_SCALE_MAX,
  SLEEP_QUALITY_SCALE_MAX,
} from '@recovery-portal/contract/telemetry';
import type { Insight, Telemetry } from '@recovery-portal/contract/telemetry';
import { formatBmi, formatWeight } from '#app/lib/clinical.ts';
import { formatHoursMinutes, formatNumber, formatScore } from '#app/lib/format.ts';

/** One tile of the Home Health Telemetry card, formatted for display. */
export type TelemetryTile = {
  key: MeasurementKey;
  label: string;
  /** The formatted value, null when there is no reading ('No data'). */
  value: string | null;
  unit: string;
  /** YYYY-MM-DD of the reading. */
  date: string | null;
  insight: Insight;
  /** Spec §2: the 'New' tag of a recent reading. */
  isNew: boolean;
};

export type TelemetryTileGroup = { title: string; tiles: TelemetryTile[] };

type Reading = { value: number | null; date: string | null; insight: Insight };

/**
 * The tiles of spec §2 in their groups, with the number formats of spec §9: thousands separated,
 * BMI with 2 decimals, weight with none, sleep in hours and minutes, scores out of their scale.
 */
export function telemetryTileGroups(telemetry: Telemetry): TelemetryTileGroup[] {
  const { activity, bodyMeasurement, sleep, mood, pain, anxiety } = telemetry;
  const tile = (
    key: MeasurementKey,
    reading: Reading,
    format: (value: number) => string,
    unit: string = unitLabel(MEASUREMENT_TYPES[key].unit),
  ): TelemetryTile => ({
    key,
    label: MEASUREMENT_TYPES[key].label,
    value: reading.value === null ? null : format(reading.value),
    unit,
    date: reading.value === null ? null : reading.date,
    insight: reading.insight,
    isNew: reading.value !== null && isNewReading(reading.date, telemetry.current_run_date),
  });
  const whole = (value: number) => formatNumber(value);
  const twoDecimals = (value: number) => formatNumber(value, 2);

  return [
    {
      title: 'Activity',
      tiles: [
        tile(
          'activityMinutes',
          {
            value: activity.activity_mins,
            date: activity.activity_mins_date,
            insight: activity.activity_mins_insight,
          },
          whole,
        ),
        tile(
          'steps',
          { value: activity.steps, date: activity.steps_date, insight: activity.steps_insight },
          whole,
        ),
        tile(
          'distance',
          {
            value: activity.distance,
            date: activity.distance_date,
            insight: activity.distance_insight,
          },
          twoDecimals,
        ),
        tile(
          'strideLength',
          {
            value: activity.stride_length,
            date: activity.stride_length_date,
            insight: activity.stride_length_insight,
          },
          twoDecimals,
        ),
      ],
    },
    {
      title: 'Body Measurement & Diet',
      tiles: [
        tile(
          'weight',
          {
            value: bodyMeasurement.weight,
            date: bodyMeasurement.weight_date,
            insight: bodyMeasurement.weight_insight,
          },
          formatWeight,
        ),
        tile(
          'bmi',
          {
            value: bodyMeasurement.bmi,
            date: bodyMeasurement.bmi_date,
            insight: bodyMeasurement.bmi_insight,
          },
          formatBmi,
          '',
        ),
        tile(
          'caloriesOut',
          {
            value: bodyMeasurement.calories,
            date: bodyMeasurement.calories_date,
            insight: bodyMeasurement.calories_insight,
          },
          whole,
        ),
      ],
    },
    {
      title: 'Sleep & Mood',
      tiles: [
        tile(
          'sleepDuration',
          { value: sleep.sleep, date: sleep.sleep_date, insight: sleep.sleep_insight },
          formatHoursMinutes,
          '',
        ),
        tile(
          'sleepQuality',
          {
            value: sleep.sleep_quality,
            date: sleep.sleep_quality_date,
            insight: sleep.sleep_quality_insight,
          },
          (value) => formatScore(value, SLEEP_QUALITY_SCALE_MAX),
        ),
        tile('painScore', { value: pain.score, date: pain.date, insight: pain.insight }, (value) =>
          formatScore(value, PAIN_SCALE_MAX),
        ),
        tile(
          'anxiety',
          { value: anxiety.score, date: anxiety.date, insight: anxiety.insight },
          (value) => formatScore(value, ANXIETY_SCALE_MAX),
        ),
        tile('mood', { value: mood.value, date: mood.date, insight: mood.insight }, (value) =>
          formatScore(value, MOOD_SCALE_MAX),
        ),
      ],
    },
  ];
}
