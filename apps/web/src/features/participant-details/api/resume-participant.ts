import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeParticipant } from '../../../lib/api/participant-commands';
import { refreshAfterParticipantChange } from './refresh-after-change';

/** Spec §4: after reactivating, the profile reloads. */
export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: (_row, userId) => refreshAfterParticipantChange(queryClient, userId),
  });
}
