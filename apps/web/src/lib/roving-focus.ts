import type { KeyboardEvent } from 'react';

/**
 * Where a key moves focus from item `index` of `count` in a row of tabs or toggle buttons, as
 * MUI's moves it: arrows wrap at the ends, Home and End go to the first and last; null for any
 * other key.
 */
function rovingTargetIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The key handler of a row's container: moves focus among its `items` (a selector) by
 * rovingTargetIndex, leaving keys with a modifier and every other key alone.
 */
export function moveRovingFocus(event: KeyboardEvent<HTMLElement>, items: string): void {
  if (event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
  const elements = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(items));
  const index = elements.findIndex((element) => element === document.activeElement);
  const target = index === -1 ? null : rovingTargetIndex(event.key, index, elements.length);
  if (target === null) return;
  event.preventDefault();
  elements[target]?.focus();
}
