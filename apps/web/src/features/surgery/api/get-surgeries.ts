import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryListSchema } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { surgeryKeys } from '#app/lib/query-keys.ts';

/** GET /api/surgery/surgery-list?user_id — latest surgery date first. */
export function getSurgeries(participantId: number, signal?: AbortSignal): Promise<Surgery[]> {
  return apiRequest(API_PATHS.surgery.list, {
    query: { user_id: participantId },
    schema: surgeryListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSurgeriesQueryOptions(participantId: number) {
  return queryOptions({
    // The imaging feature lists the same surgeries under this key, so both share one cache.
    queryKey: surgeryKeys.list(participantId),
    queryFn: ({ signal }) => getSurgeries(participantId, signal),
  });
}

export function useSurgeries(participantId: number) {
  return useQuery(getSurgeriesQueryOptions(participantId));
}
