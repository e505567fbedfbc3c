import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { getParticipantListsQueryOptions } from './get-participants';

/** PATCH /api/account/resume: reactivates a suspended participant. */
export function resumeParticipant(userId: number): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.account.resume, {
    method: 'PATCH',
    body: { user_id: userId },
    schema: participantListRowSchema,
  });
}

export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getParticipantListsQueryOptions().queryKey }),
  });
}
