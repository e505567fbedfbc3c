import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantDeletedSchema } from '@recovery-portal/contract/participants';
import type { ParticipantDeleted } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/account/{id}: removes the participant and all their data. */
export function deleteParticipant(id: number): Promise<ParticipantDeleted> {
  return apiRequest(API_PATHS.account.deleteParticipant(id), {
    method: 'DELETE',
    schema: participantDeletedSchema,
  });
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    // Lists elsewhere (participants, nudges, coach) still show them: everything refetches when
    // next shown. Nothing refetches now, so the page leaving does not ask for a deleted profile.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
