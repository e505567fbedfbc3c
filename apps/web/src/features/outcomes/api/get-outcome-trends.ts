import { queryOptions, useQuery } from '@tanstack/react-query';
import { outcomeTrendsSchema } from '@recovery-portal/contract/outcomes';
import type { OutcomeTrends } from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { outcomeKeys } from '#app/lib/query-keys.ts';

/** GET /api/surgery/outcome-trends?user_id= — survey scores against the expected recovery. */
export function getOutcomeTrends(
  participantId: number,
  signal?: AbortSignal,
): Promise<OutcomeTrends> {
  return apiRequest(API_PATHS.surgery.outcomeTrends, {
    query: { user_id: participantId },
    schema: outcomeTrendsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getOutcomeTrendsQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: [...outcomeKeys.participant(participantId), 'trends'],
    queryFn: ({ signal }) => getOutcomeTrends(participantId, signal),
  });
}

export function useOutcomeTrends(participantId: number) {
  return useQuery(getOutcomeTrendsQueryOptions(participantId));
}
