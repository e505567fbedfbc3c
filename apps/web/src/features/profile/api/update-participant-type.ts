import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import type {
  ParticipantListRow,
  UpdateParticipantType,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { refreshAfterParticipantChange } from './refresh-after-change';

/** PATCH /api/user/user-type: moves a participant to Internal, Pilot or Demo. */
export function updateParticipantType(body: UpdateParticipantType): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.user.userType, {
    method: 'PATCH',
    body,
    schema: participantListRowSchema,
  });
}

export function useUpdateParticipantType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParticipantType,
    onSuccess: (_row, body) => refreshAfterParticipantChange(queryClient, body.user_id),
  });
}
