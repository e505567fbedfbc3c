import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantListResponseSchema } from '@recovery-portal/contract/participants';
import type {
  ParticipantListQuery,
  ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { keepPreviousPageOf } from '../../../lib/keep-previous-page';

/** The prefix shared by every participant list query, so a change can refresh them all. */
const PARTICIPANT_LISTS_KEY = ['participants', 'list'] as const;

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

/** Every page of the list under any filter: what a change to a participant invalidates. */
export function getParticipantListsQueryOptions() {
  return queryOptions({ queryKey: PARTICIPANT_LISTS_KEY });
}

export function getParticipantsQueryOptions(query: ParticipantListQuery) {
  return queryOptions({
    queryKey: [...PARTICIPANT_LISTS_KEY, query],
    queryFn: ({ signal }) => getParticipants(query, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(query),
  });
}

export function useParticipants(query: ParticipantListQuery) {
  return useQuery(getParticipantsQueryOptions(query));
}
