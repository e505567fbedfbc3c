import * as z from 'zod/mini';

/** Where a measurement was taken: at home (devices, app) or in the clinic. */
export const MEASUREMENT_SOURCES = ['HOME', 'CLINIC'] as const;
export const measurementSourceSchema = z.enum(MEASUREMENT_SOURCES);
export type MeasurementSource = z.infer<typeof measurementSourceSchema>;

/**
 * Every kind of telemetry and lab value the portal stores. `loinc` is the LOINC code where one
 * exists; `unit` is the UCUM unit. Measurements are stored under `code` (the LOINC code, or a
 * local `rp-…` code for things LOINC does not cover).
 */
export const MEASUREMENT_TYPES = {
  systolicBp: { code: '8480-6', unit: 'mm[Hg]', label: 'Systolic' },
  diastolicBp: { code: '8462-4', unit: 'mm[Hg]', label: 'Diastolic' },
  glucose: { code: '2339-0', unit: 'mg/dL', label: 'Glucose' },
  hba1c: { code: '4548-4', unit: '%', label: 'HbA1c' },
  hdl: { code: '2085-9', unit: 'mg/dL', label: 'HDL' },
  ldl: { code: '13457-7', unit: 'mg/dL', label: 'LDL' },
  triglycerides: { code: '2571-8', unit: 'mg/dL', label: 'Triglycerides' },
  totalCholesterol: { code: '2093-3', unit: 'mg/dL', label: 'Total' },
  weight: { code: '29463-7', unit: 'kg', label: 'Weight' },
  bmi: { code: '39156-5', unit: 'kg/m2', label: 'BMI' },
  steps: { code: '55423-8', unit: '{steps}', label: 'Steps' },
  activityMinutes: { code: '55411-3', unit: 'min', label: 'Activity mins' },
  distance: { code: '55430-3', unit: 'km', label: 'Distance' },
  strideLength: { code: 'rp-stride-length', unit: 'm', label: 'Stride length' },
  caloriesOut: { code: '41981-2', unit: 'kcal', label: 'Daily Calories' },
  sleepDuration: { code: '93832-4', unit: 'min', label: 'Sleep' },
  sleepQuality: { code: 'rp-sleep-quality', unit: '{score}', label: 'Sleep Quality' },
  painScore: { code: '72514-3', unit: '{score}', label: 'Pain Score' },
  anxiety: { code: 'rp-anxiety', unit: '{score}', label: 'Anxiety' },
  mood: { code: 'rp-mood', unit: '{score}', label: 'Mood' },
  heartRate: { code: '8867-4', unit: '/min', label: 'Heart rate' },
  oxygenSaturation: { code: '59408-5', unit: '%', label: 'SpO2' },
  bodyHeight: { code: '8302-2', unit: 'cm', label: 'Height' },
} as const;
export type MeasurementKey = keyof typeof MEASUREMENT_TYPES;

/**
 * Average glucose (mg/dL) estimated from HbA1c (%), spec §9: round(HbA1c × 28.7 − 46.7).
 * Shared so the portal and the API always show the same number.
 */
export function averageGlucoseFromHba1c(hba1cPercent: number): number {
  return Math.round(hba1cPercent * 28.7 - 46.7);
}

/** How a stored UCUM unit is written on screen ('mm[Hg]' → 'mmHg'); unknown units as stored. */
export const UNIT_LABELS: Readonly<Record<string, string>> = {
  'mm[Hg]': 'mmHg',
  'mg/dL': 'mg/dl',
  '%': '%',
  kg: 'kg',
  'kg/m2': 'kg/m²',
  '{steps}': 'steps',
  min: 'min',
  km: 'km',
  m: 'm',
  kcal: 'kCal',
  '{score}': '',
  '/min': 'bpm',
  cm: 'cm',
};

export function unitLabel(ucum: string): string {
  return UNIT_LABELS[ucum] ?? ucum;
}
