import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLastNonNull } from './use-last-non-null';

describe('useLastNonNull', () => {
  it('keeps the last item while a dialog closes, and follows each new one', () => {
    const { result, rerender } = renderHook(({ value }) => useLastNonNull(value), {
      initialProps: { value: null as string | null },
    });
    expect(result.current).toBeNull();
    rerender({ value: 'first' });
    expect(result.current).toBe('first');
    rerender({ value: null });
    expect(result.current).toBe('first');
    rerender({ value: 'second' });
    expect(result.current).toBe('second');
  });
});
