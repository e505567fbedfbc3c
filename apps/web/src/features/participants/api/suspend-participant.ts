import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { getParticipantListsQueryOptions } from './get-participants';

/** PATCH /api/account/suspend: suspends an active participant. */
export function suspendParticipant(userId: number): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.account.suspend, {
    method: 'PATCH',
    body: { user_id: userId },
    schema: participantListRowSchema,
  });
}

export function useSuspendParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendParticipant,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getParticipantListsQueryOptions().queryKey }),
  });
}
