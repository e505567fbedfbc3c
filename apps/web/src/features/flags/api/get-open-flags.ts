import { queryOptions, useQuery } from '@tanstack/react-query';
import { flagListResponseSchema } from '@recovery-portal/contract/flags';
import type { FlagListQuery, FlagListResponse } from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { keepPreviousPageOf } from '#app/lib/keep-previous-page.ts';
import { flagKeys } from './flag-keys';

/** POST /api/flags/list — open flags of one participant type, most severe then oldest first. */
export function getOpenFlags(
  query: FlagListQuery,
  signal?: AbortSignal,
): Promise<FlagListResponse> {
  return apiRequest(API_PATHS.flags.list, {
    method: 'POST',
    body: query,
    schema: flagListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getOpenFlagsQueryOptions(query: FlagListQuery) {
  return queryOptions({
    queryKey: flagKeys.openList(query),
    queryFn: ({ signal }) => getOpenFlags(query, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(query),
  });
}

export function useOpenFlags(query: FlagListQuery) {
  return useQuery(getOpenFlagsQueryOptions(query));
}
