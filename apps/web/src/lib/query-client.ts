import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_QUERY_RETRIES = 2;

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
        staleTime: 30_000,
      },
      // A mutation changes data; repeating it silently could send an invitation twice.
      mutations: { retry: false },
    },
  });
}
