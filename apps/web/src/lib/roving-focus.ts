/**
 * Where a key moves focus from item `index` of `count` in a row of tabs or toggle buttons, as
 * MUI's moves it: arrows wrap at the ends, Home and End go to the first and last; null for any
 * other key.
 */
export function rovingTargetIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
