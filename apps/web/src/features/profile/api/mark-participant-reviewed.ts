import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantTriageStatusSchema } from '@recovery-portal/contract/review';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';
import { getParticipantTriageQueryOptions } from './get-participant-triage';

/** POST /api/user/review: the signed-in clinician has reviewed the participant now. */
export function markParticipantReviewed(userId: number): Promise<ParticipantTriageStatus> {
  return apiRequest(API_PATHS.user.review, {
    method: 'POST',
    body: { user_id: userId },
    schema: participantTriageStatusSchema,
  });
}

/**
 * The answer is the new triage status, shown at once; the Participants list (last reviewed, the
 * not-reviewed filter) refetches when next shown.
 */
export function useMarkParticipantReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markParticipantReviewed,
    onSuccess: async (status, userId) => {
      queryClient.setQueryData(getParticipantTriageQueryOptions(userId).queryKey, status);
      await queryClient.invalidateQueries({ queryKey: participantListKeys.all });
    },
  });
}
