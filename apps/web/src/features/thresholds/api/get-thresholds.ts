import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantThresholdsSchema } from '@recovery-portal/contract/thresholds';
import type { ParticipantThresholds } from '@recovery-portal/contract/thresholds';
import { apiRequest } from '#app/lib/api/request.ts';
import { thresholdKeys } from './threshold-keys';

/** GET /api/thresholds — the participant's effective thresholds and their defaults. */
export function getThresholds(
  participantId: number,
  signal?: AbortSignal,
): Promise<ParticipantThresholds> {
  return apiRequest(API_PATHS.thresholds.participant, {
    query: { user_id: participantId },
    schema: participantThresholdsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getThresholdsQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: thresholdKeys.participant(participantId),
    queryFn: ({ signal }) => getThresholds(participantId, signal),
  });
}

export function useThresholds(participantId: number) {
  return useQuery(getThresholdsQueryOptions(participantId));
}
