/** Rounds to `decimals` places (2 by default), without -0. */
export function roundTo(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
