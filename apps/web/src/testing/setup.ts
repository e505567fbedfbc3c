import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { keepClockPinned, pinClock } from '../../../../test/pinned-clock';

pinClock();
keepClockPinned(afterEach);

// Lazily loaded screens compile on first use; on a busy 2-core CI machine that can take longer
// than Testing Library's default second, which made waits for them fail without a real fault.
configure({ asyncUtilTimeout: 5_000 });

// DESIGN §8.8: a console.error (React warnings, act() misuse, failed prop types) fails the test.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  // Column choices are remembered per user in localStorage; each test starts from the defaults.
  window.localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  const calls = consoleError.mock.calls.map((args) => format(...args));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.join('\n')}`);
});
