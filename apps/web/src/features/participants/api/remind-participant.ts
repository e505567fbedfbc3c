import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';

/** POST /api/account/remind: emails an invited participant a reminder. */
export function remindParticipant(userId: number): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.account.remind, {
    method: 'POST',
    body: { user_id: userId },
    schema: participantListRowSchema,
  });
}

export function useRemindParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantListKeys.all }),
  });
}
