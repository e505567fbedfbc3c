import { describe, expect, it } from 'vitest';
import { niceTicks } from '@recovery-portal/contract/outcome-markers';

/** A step is round when it is 1, 2 or 5 times a power of ten. */
function isRoundStep(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 5, 10].some((m) => Math.abs(step - m * power) < power * 1e-9);
}

describe('niceTicks', () => {
  it('gives round ticks on the instruments’ scales', () => {
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it.each([
    [16, 68],
    [0, 48],
    [13.4, 97.2],
    [-7, 3],
    [0, 1],
    [0.03, 0.71],
    [1000, 1037],
    [20, 80.5],
  ])('steps evenly by 1, 2 or 5 × 10^n inside [%s, %s]', (min, max) => {
    const ticks = niceTicks(min, max);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
    const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
    expect(isRoundStep(step)).toBe(true);
    ticks.forEach((tick, i) => {
      expect(tick).toBeGreaterThanOrEqual(min);
      expect(tick).toBeLessThanOrEqual(max);
      expect(Math.abs(tick / step - Math.round(tick / step))).toBeLessThan(1e-9);
      if (i > 0) expect(tick - (ticks[i - 1] ?? 0)).toBeCloseTo(step, 9);
    });
  });

  it('does not loop or throw on an empty or broken range', () => {
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(10, 0)).toEqual([10]);
    expect(niceTicks(0, Number.NaN)).toEqual([0]);
  });
});
