import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryListSchema } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { apiRequest } from './request';
import { surgeryKeys } from '#app/lib/query-keys.ts';

/**
 * GET /api/surgery/surgery-list?user_id — latest surgery date first. The surgeries section lists
 * them and the imaging section files images under them: one fetcher and one cache key, so image
 * counts and new surgeries show in both.
 */
export function getSurgeries(participantId: number, signal?: AbortSignal): Promise<Surgery[]> {
  return apiRequest(API_PATHS.surgery.list, {
    query: { user_id: participantId },
    schema: surgeryListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSurgeriesQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: surgeryKeys.list(participantId),
    queryFn: ({ signal }) => getSurgeries(participantId, signal),
  });
}

export function useSurgeries(participantId: number) {
  return useQuery(getSurgeriesQueryOptions(participantId));
}
