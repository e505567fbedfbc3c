import { describe, expect, it } from 'vitest';
import type { LabMeasure } from '@recovery-portal/contract/telemetry';
import {
  averageGlucoseBySource,
  averageGlucoseFromHba1cReading,
  formatBmi,
  formatWeight,
} from './clinical';
import {
  DATE_FORMATS,
  formatDate,
  formatHoursMinutes,
  formatNumber,
  formatScore,
  minutesToHours,
} from './format';

const hba1c = (value: number, overrides: Partial<LabMeasure> = {}): LabMeasure => ({
  value,
  unit: '%',
  date: '2026-03-01',
  insight: { direction: 'UP', effect: 'BAD' },
  plot_value: [
    { key: '2026-02-01', value: 6.5 },
    { key: '2026-03-01', value },
  ],
  total: 2,
  source_identifier: 'CLINIC',
  ...overrides,
});

describe('clinical helpers', () => {
  it('clinician sees BMI with 2 decimals and weight without decimals, thousands separated', () => {
    expect(formatBmi(27.345)).toBe('27.35');
    expect(formatBmi(30)).toBe('30.00');
    expect(formatWeight(81.6)).toBe('82');
    expect(formatWeight(1234.4)).toBe('1,234');
    expect(formatBmi(null)).toBe('-');
    expect(formatWeight(undefined)).toBe('-');
  });

  it('average glucose is round(HbA1c × 28.7 − 46.7) mg/dl', () => {
    const derived = averageGlucoseFromHba1cReading(hba1c(7));
    // 7 × 28.7 − 46.7 = 154.2
    expect(derived.value).toBe(154);
    expect(derived.unit).toBe('mg/dL');
    expect(derived.date).toBe('2026-03-01');
    // 6.5 × 28.7 − 46.7 = 139.85
    expect(derived.plot_value).toEqual([
      { key: '2026-02-01', value: 140 },
      { key: '2026-03-01', value: 154 },
    ]);
    expect(averageGlucoseFromHba1cReading(hba1c(5.7)).value).toBe(117);
  });

  it("the server's average glucose is kept and only a missing one is derived from HbA1c", () => {
    const fromServer = { ...hba1c(150), unit: 'mg/dL', source_identifier: 'HOME' as const };
    const result = averageGlucoseBySource(
      { HOME: fromServer, CLINIC: null },
      { HOME: hba1c(9, { source_identifier: 'HOME' }), CLINIC: hba1c(8) },
    );
    expect(result.HOME).toBe(fromServer);
    // 8 × 28.7 − 46.7 = 182.9
    expect(result.CLINIC?.value).toBe(183);
    expect(
      averageGlucoseBySource({ HOME: null, CLINIC: null }, { HOME: null, CLINIC: null }),
    ).toEqual({ HOME: null, CLINIC: null });
  });

  it('clinician reads telemetry numbers with thousands separators', () => {
    expect(formatNumber(9295)).toBe('9,295');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(6.321, 2)).toBe('6.32');
  });

  it('clinician reads sleep as hours and minutes', () => {
    expect(formatHoursMinutes(452)).toBe('7h 32m');
    expect(formatHoursMinutes(60)).toBe('1h 0m');
    expect(formatHoursMinutes(45)).toBe('0h 45m');
    expect(formatHoursMinutes(null)).toBe('-');
  });

  it('activity minutes are charted in hours (divided by 60)', () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(100)).toBe(1.67);
    expect(minutesToHours(0)).toBe(0);
  });

  it('scores read as value out of the scale', () => {
    expect(formatScore(4, 5)).toBe('4/5');
    expect(formatScore(3.5, 5)).toBe('3.5/5');
    expect(formatScore(null, 10)).toBe('-');
  });

  it('reading days use the MMM DD, YYYY format', () => {
    expect(formatDate('2026-11-05', DATE_FORMATS.reading)).toBe('Nov 05, 2026');
  });
});
