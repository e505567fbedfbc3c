import {
  averageGlucoseFromHba1c,
  MEASUREMENT_SOURCES,
  MEASUREMENT_TYPES,
  type MeasurementKey,
  type MeasurementSource,
} from '@recovery-portal/contract/measurements';
import {
  GLUCOSE_MIN_WINDOW_DAYS,
  INSIGHT_RULES,
  TELEMETRY_CHART_DAYS,
  TELEMETRY_LOOKBACK_DAYS,
  UP_IS_GOOD,
  type Insight,
  type LabBySource,
  type LabMeasure,
  type Telemetry,
} from '@recovery-portal/contract/telemetry';
import type { Database } from '#app/db/client';
import type { AuditValues } from '#app/core/audit/record-audit';
import { addDays, utcDay } from '#app/core/days';
import { roundTo } from '#app/core/numbers';
import { computeInsight, type DailyValue } from '#app/core/measurements/insight';
import {
  dailyValues,
  groupReadings,
  latestReading,
  plotPoints,
  readingKey,
  type Reading,
} from '#app/core/measurements/series';
import { trendSeries } from '#app/core/measurements/trend-series';
import { auditedTelemetryReadings } from './telemetry.repository';

interface Tile {
  value: number | null;
  date: string | null;
  insight: Insight;
}

/**
 * Builds the telemetry answer from the participant's readings of the lookback (pure, so the
 * rules are testable without a database). Tiles read HOME readings; labs both sources.
 */
export function buildTelemetry(
  readings: readonly Reading[],
  asOf: string,
  lastReceivedAt: Date | null,
): Telemetry {
  const lookbackStart = addDays(asOf, -(TELEMETRY_LOOKBACK_DAYS - 1));
  const inRange = readings.filter((r) => {
    const day = utcDay(r.measuredAt);
    return day >= lookbackStart && day <= asOf;
  });
  const groups = groupReadings(inRange);
  const of = (key: MeasurementKey, source: MeasurementSource): Reading[] =>
    groups.get(readingKey(MEASUREMENT_TYPES[key].code, source)) ?? [];

  const telemetryInsight = (values: DailyValue[], key: MeasurementKey) =>
    computeInsight(values, {
      asOf,
      windowDays: INSIGHT_RULES.telemetryWindowDays,
      upIsGood: UP_IS_GOOD[key],
    });

  const tile = (key: MeasurementKey): Tile => {
    const home = of(key, 'HOME');
    const latest = latestReading(home);
    return {
      value: latest ? roundTo(latest.value) : null,
      date: latest ? utcDay(latest.measuredAt) : null,
      insight: telemetryInsight(dailyValues(home), key),
    };
  };

  const labInsight = (values: DailyValue[], upIsGood: boolean) =>
    computeInsight(values, { asOf, windowDays: INSIGHT_RULES.labWindowDays, upIsGood });

  const measure = (
    list: Reading[],
    source: MeasurementSource,
    options: {
      upIsGood: boolean;
      unit?: string;
      map?: (value: number) => number;
      /** The reading whose value and day the tile shows (default: the latest). */
      shown?: Reading;
      aggregate?: 'mean' | 'min';
    },
  ): LabMeasure | null => {
    const latest = latestReading(list);
    if (!latest) return null;
    const map = options.map ?? ((value: number) => value);
    const shown = options.shown ?? latest;
    const values = dailyValues(list, options.aggregate).map((point) => ({
      day: point.day,
      value: map(point.value),
    }));
    return {
      value: roundTo(map(shown.value)),
      unit: options.unit ?? shown.unit,
      date: utcDay(shown.measuredAt),
      insight: labInsight(values, options.upIsGood),
      plot_value: plotPoints(values, lookbackStart, asOf),
      total: list.length,
      source_identifier: source,
    };
  };

  const bySource = (build: (source: MeasurementSource) => LabMeasure | null): LabBySource => {
    const [home, clinic] = MEASUREMENT_SOURCES.map(build);
    return { HOME: home ?? null, CLINIC: clinic ?? null };
  };
  const lab = (key: MeasurementKey) =>
    bySource((source) => measure(of(key, source), source, { upIsGood: UP_IS_GOOD[key] }));

  const avgGlucose = bySource((source) =>
    measure(of('hba1c', source), source, {
      upIsGood: UP_IS_GOOD.glucose,
      unit: MEASUREMENT_TYPES.glucose.unit,
      map: averageGlucoseFromHba1c,
    }),
  );
  const glucoseMin = bySource((source) => {
    const list = of('glucose', source);
    const latest = latestReading(list);
    if (!latest) return null;
    const windowStart = addDays(utcDay(latest.measuredAt), -(GLUCOSE_MIN_WINDOW_DAYS - 1));
    let lowest = latest;
    for (const reading of list) {
      if (utcDay(reading.measuredAt) < windowStart) continue;
      const lower = reading.value < lowest.value;
      const laterTie =
        reading.value === lowest.value &&
        reading.measuredAt.getTime() > lowest.measuredAt.getTime();
      if (lower || laterTie) lowest = reading;
    }
    return measure(list, source, {
      upIsGood: UP_IS_GOOD.glucose,
      shown: lowest,
      aggregate: 'min',
    });
  });

  const activityMins = tile('activityMinutes');
  const steps = tile('steps');
  const distance = tile('distance');
  const stride = tile('strideLength');
  const calories = tile('caloriesOut');
  const weight = tile('weight');
  const bmi = tile('bmi');
  const sleep = tile('sleepDuration');
  const sleepQuality = tile('sleepQuality');
  const mood = tile('mood');
  const pain = tile('painScore');
  const anxiety = tile('anxiety');
  const chart = (key: MeasurementKey) =>
    trendSeries(of(key, 'HOME'), { asOf, days: TELEMETRY_CHART_DAYS, upIsGood: UP_IS_GOOD[key] });

  return {
    activity: {
      activity_mins: activityMins.value,
      activity_mins_date: activityMins.date,
      activity_mins_insight: activityMins.insight,
      steps: steps.value,
      steps_date: steps.date,
      steps_insight: steps.insight,
      distance: distance.value,
      distance_date: distance.date,
      distance_insight: distance.insight,
      stride_length: stride.value,
      stride_length_date: stride.date,
      stride_length_insight: stride.insight,
      calorie_out: calories.value,
      calorie_out_date: calories.date,
      calorie_out_insight: calories.insight,
    },
    bodyMeasurement: {
      weight: weight.value,
      weight_date: weight.date,
      weight_insight: weight.insight,
      bmi: bmi.value,
      bmi_date: bmi.date,
      bmi_insight: bmi.insight,
      calories: calories.value,
      calories_date: calories.date,
      calories_insight: calories.insight,
    },
    sleep: {
      sleep: sleep.value,
      sleep_date: sleep.date,
      sleep_insight: sleep.insight,
      sleep_quality: sleepQuality.value,
      sleep_quality_date: sleepQuality.date,
      sleep_quality_insight: sleepQuality.insight,
    },
    mood: { value: mood.value, date: mood.date, insight: mood.insight },
    pain: { score: pain.value, date: pain.date, insight: pain.insight },
    anxiety: { score: anxiety.value, date: anxiety.date, insight: anxiety.insight },
    labs: {
      blood_pressure: { systolic: lab('systolicBp'), diastolic: lab('diastolicBp') },
      blood_glucose: { avg_glucose: avgGlucose, glucose_min: glucoseMin, hba1c: lab('hba1c') },
      cholesterol: {
        hdl: lab('hdl'),
        ldl: lab('ldl'),
        triglycerides: lab('triglycerides'),
        total: lab('totalCholesterol'),
      },
    },
    activeTime: chart('activityMinutes'),
    bodyWeight: chart('weight'),
    current_run_date: asOf,
    data_last_received_at: lastReceivedAt ? lastReceivedAt.toISOString() : null,
  };
}

export function createTelemetryService(db: Database) {
  return {
    /**
     * The telemetry card's data as of the participant's simulation run date (an enrolled Demo
     * participant) or `today` (UTC), writing the call's audit row.
     */
    async telemetry(userId: number, today: string, audit: AuditValues): Promise<Telemetry> {
      const read = await auditedTelemetryReadings(db, userId, today, audit);
      return buildTelemetry(read.readings, read.asOf, read.lastAt);
    },
  };
}
