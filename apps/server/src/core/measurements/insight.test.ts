import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_INSIGHT } from '@recovery-portal/contract/telemetry';
import { addDays, daysFrom } from '#app/core/days';
import { computeInsight, directionOfChange, effectOf, type DailyValue } from './insight';

describe('direction of a change', () => {
  it.each([
    [100, 100, 'STABLE'],
    [100, 103, 'STABLE'],
    [100, 97, 'STABLE'],
    [100, 103.0001, 'UP'],
    [100, 96.9999, 'DOWN'],
    [100, 110, 'UP'],
    [100, 90, 'DOWN'],
    [100, 110.0001, 'DOUBLE-UP'],
    [100, 89.9999, 'DOUBLE-DOWN'],
    [100, 250, 'DOUBLE-UP'],
    [100, 0, 'DOUBLE-DOWN'],
  ] as const)('from %d to %d is %s', (previous, current, expected) => {
    expect(directionOfChange(previous, current)).toBe(expected);
  });

  it('counts exactly 3% and 10% as the lower band even when floating point overshoots', () => {
    // (1.03 - 1) / 1 is 0.030000000000000027 in floating point.
    expect(directionOfChange(1, 1.03)).toBe('STABLE');
    expect(directionOfChange(1, 0.97)).toBe('STABLE');
    expect(directionOfChange(0.7, 0.77)).toBe('UP');
    expect(directionOfChange(0.7, 0.63)).toBe('DOWN');
  });

  it('measures the change against the size of a negative previous value', () => {
    expect(directionOfChange(-100, -90)).toBe('UP');
    expect(directionOfChange(-100, -120)).toBe('DOUBLE-DOWN');
  });

  it('from zero: unchanged is stable, any rise a double rise', () => {
    expect(directionOfChange(0, 0)).toBe('STABLE');
    expect(directionOfChange(0, 1)).toBe('DOUBLE-UP');
    expect(directionOfChange(0, -1)).toBe('DOUBLE-DOWN');
  });
});

describe('effect of a direction', () => {
  it('a rise is good when up is good and bad otherwise; a fall the reverse', () => {
    expect(effectOf('UP', true)).toBe('GOOD');
    expect(effectOf('DOUBLE-UP', true)).toBe('GOOD');
    expect(effectOf('DOWN', true)).toBe('BAD');
    expect(effectOf('DOUBLE-DOWN', true)).toBe('BAD');
    expect(effectOf('UP', false)).toBe('BAD');
    expect(effectOf('DOUBLE-UP', false)).toBe('BAD');
    expect(effectOf('DOWN', false)).toBe('GOOD');
    expect(effectOf('DOUBLE-DOWN', false)).toBe('GOOD');
  });

  it('stable and not available have no good or bad effect', () => {
    for (const upIsGood of [true, false]) {
      expect(effectOf('STABLE', upIsGood)).toBe('STABLE');
      expect(effectOf('NOT_AVAILABLE', upIsGood)).toBe('STABLE');
    }
  });
});

describe('insight of a daily series', () => {
  const asOf = '2025-03-14';
  /** A value on each of the days `from`…`to` days before asOf. */
  const days = (fromAgo: number, toAgo: number, value: number): DailyValue[] =>
    Array.from({ length: fromAgo - toAgo + 1 }, (_, index) => ({
      day: addDays(asOf, -(fromAgo - index)),
      value,
    }));
  const week = { asOf, windowDays: 7, upIsGood: true };

  it('compares the mean of the last 7 days with the 7 before', () => {
    const series = [...days(13, 7, 1000), ...days(6, 0, 1200)];
    expect(computeInsight(series, week)).toEqual({ direction: 'DOUBLE-UP', effect: 'GOOD' });
    expect(computeInsight(series, { ...week, upIsGood: false })).toEqual({
      direction: 'DOUBLE-UP',
      effect: 'BAD',
    });
  });

  it('uses means, so one high day among seven moves the arrow by its share', () => {
    // Previous mean 100; current (6 × 100 + 170) / 7 = 110: exactly 10% is a single arrow.
    const series = [...days(13, 7, 100), ...days(6, 1, 100), { day: asOf, value: 170 }];
    expect(computeInsight(series, week)).toEqual({ direction: 'UP', effect: 'GOOD' });
  });

  it('the window edges: day 6 before as-of is current, day 7 previous, day 14 ignored', () => {
    const series: DailyValue[] = [
      { day: addDays(asOf, -14), value: 1 },
      { day: addDays(asOf, -7), value: 100 },
      { day: addDays(asOf, -6), value: 95 },
    ];
    expect(computeInsight(series, week)).toEqual({ direction: 'DOWN', effect: 'BAD' });
  });

  it('ignores values after the as-of day', () => {
    const series = [...days(13, 0, 50), { day: addDays(asOf, 1), value: 5000 }];
    expect(computeInsight(series, week)).toEqual({ direction: 'STABLE', effect: 'STABLE' });
  });

  it('is not available when either window is empty', () => {
    expect(computeInsight([], week)).toEqual(NOT_AVAILABLE_INSIGHT);
    expect(computeInsight(days(6, 0, 10), week)).toEqual(NOT_AVAILABLE_INSIGHT);
    expect(computeInsight(days(13, 7, 10), week)).toEqual(NOT_AVAILABLE_INSIGHT);
    // Data that stopped weeks ago says nothing about now.
    expect(computeInsight(days(40, 20, 10), week)).toEqual(NOT_AVAILABLE_INSIGHT);
  });

  it('one reading in each window is enough', () => {
    const series = [
      { day: addDays(asOf, -10), value: 80 },
      { day: addDays(asOf, -2), value: 78 },
    ];
    expect(computeInsight(series, { ...week, upIsGood: false })).toEqual({
      direction: 'STABLE',
      effect: 'STABLE',
    });
  });

  it('works with 30-day windows for labs', () => {
    const series = [
      { day: addDays(asOf, -45), value: 130 },
      { day: addDays(asOf, -15), value: 118 },
    ];
    expect(computeInsight(series, { asOf, windowDays: 30, upIsGood: false })).toEqual({
      direction: 'DOWN',
      effect: 'GOOD',
    });
    expect(computeInsight(series, { asOf, windowDays: 7, upIsGood: false })).toEqual(
      NOT_AVAILABLE_INSIGHT,
    );
  });

  it('day arithmetic crosses month and leap-year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysFrom('2024-12-25', '2025-01-08')).toBe(14);
  });
});
