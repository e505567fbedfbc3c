import { vi } from 'vitest';
import { testNow } from './test-now';

const RealDate = globalThis.Date;
let pinned: DateConstructor | null = null;

/**
 * A Date that starts at `at` and runs on at the real clock's pace, to the millisecond: only the
 * calendar moves, so durations, timeouts and the order of events stay as they really happen.
 */
function dateStartingAt(at: Date): DateConstructor {
  const offset = at.getTime() - RealDate.now();
  const now = () => RealDate.now() + offset;
  class PinnedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return now();
    }
    // Dates made by code that kept the original constructor are dates too.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }
  return PinnedDate as unknown as DateConstructor;
}

/**
 * Pins `Date` (and so `new Date()`, `Date.now()` and the embedded database's `now()`, which reads
 * it) to start at `at`, by default TEST_NOW.
 */
export function pinClock(at: Date = testNow()): void {
  pinned = dateStartingAt(at);
  globalThis.Date = pinned;
}

/**
 * Fake timers of a test's own start from the pinned time and restore it when they end; only
 * `vi.setSystemTime` without them would leave the real clock behind, so pin again after a test
 * that did.
 */
export function keepClockPinned(afterEach: (hook: () => void) => void): void {
  afterEach(() => {
    if (!vi.isFakeTimers() && globalThis.Date !== pinned) pinClock();
  });
}
