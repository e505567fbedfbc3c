import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantProfileSchema } from '@recovery-portal/contract/profile';
import type { ParticipantProfile, UpdateUserRequest } from '@recovery-portal/contract/profile';
import { apiRequest } from '#app/lib/api/request.ts';
import { refreshAfterParticipantChange } from './refresh-after-change';

/**
 * PATCH /api/user/update (spec §7 'edits patient'): corrects a participant's name, email,
 * phone, birth date, group or record number; the answer is the updated profile.
 */
export function updateParticipant(body: UpdateUserRequest): Promise<ParticipantProfile> {
  return apiRequest(API_PATHS.user.update, {
    method: 'PATCH',
    body,
    schema: participantProfileSchema,
  });
}

/** The name and identifiers show on every list, so each of them refreshes (refresh-after-change). */
export function useUpdateParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParticipant,
    onSuccess: (profile) => refreshAfterParticipantChange(queryClient, profile.id),
  });
}
