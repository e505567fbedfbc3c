import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import type { InviteParticipant, ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';

/** POST /api/user/create: creates the participant pending activation and emails the invitation. */
export function inviteParticipant(body: InviteParticipant): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.user.create, {
    method: 'POST',
    body,
    schema: participantListRowSchema,
  });
}

export function useInviteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantListKeys.all }),
  });
}
