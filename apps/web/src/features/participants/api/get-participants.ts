import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantListResponseSchema } from '@recovery-portal/contract/participants';
import type {
  ParticipantListQuery,
  ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api/request';
import { keepPreviousPageOf } from '../../../lib/keep-previous-page';
import { participantListKeys } from '../../../lib/query-keys';

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
