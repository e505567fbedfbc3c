import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantListResponseSchema } from '@recovery-portal/contract/participants';
import type {
  ParticipantListQuery,
  ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { keepPreviousPageOf } from '#app/lib/keep-previous-page.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';

/** POST /api/user/list */
export function getParticipants(
  query: ParticipantListQuery,
  signal?: AbortSignal,
): Promise<ParticipantListResponse> {
  return apiRequest(API_PATHS.user.list, {
    method: 'POST',
    body: query,
    schema: participantListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantsQueryOptions(query: ParticipantListQuery) {
  return queryOptions({
    queryKey: participantListKeys.list(query),
    queryFn: ({ signal }) => getParticipants(query, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(query),
  });
}

export function useParticipants(query: ParticipantListQuery) {
  return useQuery(getParticipantsQueryOptions(query));
}
