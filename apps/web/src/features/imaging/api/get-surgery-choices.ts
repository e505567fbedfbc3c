import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryListSchema } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { surgeryKeys } from '#app/lib/query-keys.ts';

/** GET /api/surgery/surgery-list?user_id — the surgeries images can be filed under. */
export function getSurgeryChoices(participantId: number, signal?: AbortSignal): Promise<Surgery[]> {
  return apiRequest(API_PATHS.surgery.list, {
    query: { user_id: participantId },
    schema: surgeryListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSurgeryChoicesQueryOptions(participantId: number) {
  return queryOptions({
    // Same key as the surgeries feature's list: one cache, so image counts and new surgeries
    // show in both sections.
    queryKey: surgeryKeys.list(participantId),
    queryFn: ({ signal }) => getSurgeryChoices(participantId, signal),
  });
}

export function useSurgeryChoices(participantId: number) {
  return useQuery(getSurgeryChoicesQueryOptions(participantId));
}
