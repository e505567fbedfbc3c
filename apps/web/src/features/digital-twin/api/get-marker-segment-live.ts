import { queryOptions, useQuery } from '@tanstack/react-query';
import { markerSegmentLiveSchema } from '@recovery-portal/contract/digital-twin';
import type { MarkerSegmentLive } from '@recovery-portal/contract/digital-twin';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { digitalTwinKeys } from './digital-twin-keys';

/**
 * GET /api/user/marker-segment-live?user_id&date_string — the participant's marker memberships
 * and segments on one day (YYYY-MM-DD).
 */
export function getMarkerSegmentLive(
  participantId: number,
  dateString: string,
  signal?: AbortSignal,
): Promise<MarkerSegmentLive> {
  return apiRequest(API_PATHS.user.markerSegmentLive, {
    query: { user_id: participantId, date_string: dateString },
    schema: markerSegmentLiveSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getMarkerSegmentLiveQueryOptions(participantId: number, dateString: string) {
  return queryOptions({
    queryKey: digitalTwinKeys.markerSegmentLive(participantId, dateString),
    queryFn: ({ signal }) => getMarkerSegmentLive(participantId, dateString, signal),
  });
}

export function useMarkerSegmentLive(participantId: number, dateString: string, enabled = true) {
  return useQuery({ ...getMarkerSegmentLiveQueryOptions(participantId, dateString), enabled });
}
