import { describe, expect, it } from 'vitest';
import { ApiError } from './api/api-error';
import { QUERY_RETRY_DELAY_MS, shouldRetryQuery } from './query-client';

describe('query retries', () => {
  it('retries a failed load once, then gives up so the screen can show the error', () => {
    const failure = new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.');
    expect(shouldRetryQuery(0, failure)).toBe(true);
    expect(shouldRetryQuery(1, failure)).toBe(false);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetryQuery(0, new ApiError(403, 'FORBIDDEN', 'No permission.'))).toBe(false);
  });

  it('shows the error within about a second and a half of the first failure', () => {
    expect(QUERY_RETRY_DELAY_MS).toBeLessThanOrEqual(1_500);
  });
});
