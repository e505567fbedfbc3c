import { queryOptions, useQuery } from '@tanstack/react-query';
import { coachListResponseSchema } from '@recovery-portal/contract/coach';
import type { CoachListRequest, CoachListResponse } from '@recovery-portal/contract/coach';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { keepPreviousPageOf } from '#app/lib/keep-previous-page.ts';
import { coachListKeys } from '#app/lib/query-keys.ts';

/** Spec §7: empty orderBy, orderDirection and date are left out of the body. */
function withoutEmptyFields(request: CoachListRequest): CoachListRequest {
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== '' && value !== undefined),
  ) as CoachListRequest;
}

/** POST /api/chat/list */
export function getCoachConversations(
  request: CoachListRequest,
  signal?: AbortSignal,
): Promise<CoachListResponse> {
  return apiRequest(API_PATHS.chat.list, {
    method: 'POST',
    body: withoutEmptyFields(request),
    schema: coachListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getCoachConversationsQueryOptions(request: CoachListRequest) {
  return queryOptions({
    queryKey: [...coachListKeys.all, withoutEmptyFields(request)],
    queryFn: ({ signal }) => getCoachConversations(request, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(request),
  });
}

export function useCoachConversations(request: CoachListRequest) {
  return useQuery(getCoachConversationsQueryOptions(request));
}
