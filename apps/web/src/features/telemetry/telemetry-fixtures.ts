import { NOT_AVAILABLE_INSIGHT } from '@recovery-portal/contract/telemetry';
import type {
  Insight,
  LabBySource,
  LabMeasure,
  Labs,
  Telemetry,
  TrendSeries,
} from '@recovery-portal/contract/telemetry';

/** Test data shaped by the contract: a participant with a full set of readings. */

const UP_GOOD: Insight = { direction: 'UP', effect: 'GOOD' };

export const RUN_DATE = '2026-03-10';

export function labReading(
  source: LabMeasure['source_identifier'],
  value: number,
  date: string,
  overrides: Partial<LabMeasure> = {},
): LabMeasure {
  return {
    value,
    unit: 'mg/dL',
    date,
    insight: NOT_AVAILABLE_INSIGHT,
    plot_value: [{ key: date, value }],
    total: 1,
    source_identifier: source,
    ...overrides,
  };
}

const none: LabBySource = { HOME: null, CLINIC: null };

export function emptyLabs(): Labs {
  return {
    blood_pressure: { systolic: none, diastolic: none },
    blood_glucose: { avg_glucose: none, glucose_min: none, hba1c: none },
    cholesterol: { hdl: none, ldl: none, triglycerides: none, total: none },
  };
}

export function series(points: [string, number][], insight: Insight = UP_GOOD): TrendSeries {
  return {
    date: RUN_DATE,
    plot_value: points.map(([key, value]) => ({ key, value })),
    insight,
  };
}

export function telemetryFixture(overrides: Partial<Telemetry> = {}): Telemetry {
  return {
    activity: {
      activity_mins: 102,
      activity_mins_date: RUN_DATE,
      activity_mins_insight: UP_GOOD,
      steps: 12345,
      steps_date: RUN_DATE,
      steps_insight: { direction: 'DOUBLE-UP', effect: 'GOOD' },
      distance: 6.321,
      distance_date: '2026-03-09',
      distance_insight: UP_GOOD,
      stride_length: 0.684,
      stride_length_date: '2026-03-01',
      stride_length_insight: { direction: 'STABLE', effect: 'STABLE' },
      calorie_out: 2215,
      calorie_out_date: RUN_DATE,
      calorie_out_insight: NOT_AVAILABLE_INSIGHT,
    },
    bodyMeasurement: {
      weight: 81.6,
      weight_date: '2026-03-08',
      weight_insight: { direction: 'UP', effect: 'BAD' },
      bmi: 27.345,
      bmi_date: '2026-03-08',
      bmi_insight: { direction: 'UP', effect: 'BAD' },
      calories: 2215,
      calories_date: RUN_DATE,
      calories_insight: NOT_AVAILABLE_INSIGHT,
    },
    sleep: {
      sleep: 452,
      sleep_date: RUN_DATE,
      sleep_insight: { direction: 'DOWN', effect: 'BAD' },
      sleep_quality: 4,
      sleep_quality_date: RUN_DATE,
      sleep_quality_insight: UP_GOOD,
    },
    mood: { value: 4, date: RUN_DATE, insight: UP_GOOD },
    pain: { score: 3, date: RUN_DATE, insight: { direction: 'DOUBLE-DOWN', effect: 'GOOD' } },
    anxiety: { score: null, date: null, insight: NOT_AVAILABLE_INSIGHT },
    labs: emptyLabs(),
    activeTime: series([[RUN_DATE, 90]]),
    bodyWeight: series([[RUN_DATE, 81.6]]),
    current_run_date: RUN_DATE,
    data_last_received_at: '2026-03-10T08:00:00.000Z',
    ...overrides,
  };
}
