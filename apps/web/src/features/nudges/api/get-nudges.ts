import { queryOptions, useQuery } from '@tanstack/react-query';
import { nudgeListResponseSchema } from '@recovery-portal/contract/nudges';
import type { NudgeListRequest, NudgeListResponse } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { keepPreviousPageOf } from '#app/lib/keep-previous-page.ts';
import { nudgeKeys } from './nudge-keys';

/** Spec §7: empty orderBy, orderDirection and date are left out of the body. */
export function withoutEmptyFields(request: NudgeListRequest): NudgeListRequest {
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== '' && value !== undefined),
  ) as NudgeListRequest;
}

/** POST /api/nudge/list */
export function getNudges(
  request: NudgeListRequest,
  signal?: AbortSignal,
): Promise<NudgeListResponse> {
  return apiRequest(API_PATHS.nudge.list, {
    method: 'POST',
    body: withoutEmptyFields(request),
    schema: nudgeListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getNudgesQueryOptions(request: NudgeListRequest) {
  return queryOptions({
    queryKey: nudgeKeys.list(withoutEmptyFields(request)),
    queryFn: ({ signal }) => getNudges(request, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(request),
  });
}

export function useNudges(request: NudgeListRequest) {
  return useQuery(getNudgesQueryOptions(request));
}
