import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/api-error';

/**
 * One quiet retry rides out a dropped connection or a restart; after it the screen says the load
 * failed and offers Retry, instead of leaving the clinician at 'Loading...' for seconds.
 */
const MAX_QUERY_RETRIES = 1;
export const QUERY_RETRY_DELAY_MS = 1_000;

/** Retrying a 4xx cannot succeed (bad input, no permission, not found), so only other failures retry. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
        staleTime: 30_000,
      },
      // A mutation changes data; repeating it silently could send an invitation twice.
      mutations: { retry: false },
    },
  });
}
