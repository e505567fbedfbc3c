import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantThresholdsSchema } from '@recovery-portal/contract/thresholds';
import type {
  ParticipantThresholds,
  UpdateThresholdsRequest,
} from '@recovery-portal/contract/thresholds';
import { apiRequest } from '#app/lib/api/request.ts';
import { getThresholdsQueryOptions } from './get-thresholds';

/** PUT /api/thresholds — changes the listed rules (override null: back to the default). */
export function updateThresholds(body: UpdateThresholdsRequest): Promise<ParticipantThresholds> {
  return apiRequest(API_PATHS.thresholds.participant, {
    method: 'PUT',
    body,
    schema: participantThresholdsSchema,
  });
}

/** Saves thresholds; the answer is the new state, so it goes straight into the cache. */
export function useUpdateThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateThresholds,
    onSuccess: (thresholds) => {
      queryClient.setQueryData(getThresholdsQueryOptions(thresholds.user_id).queryKey, thresholds);
    },
  });
}
