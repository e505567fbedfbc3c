import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeParticipant } from '#app/lib/api/participant-commands.ts';
import { refreshAfterParticipantChange } from './refresh-after-change';

/** Spec §4: after reactivating, the profile reloads. */
export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: (_row, userId) => refreshAfterParticipantChange(queryClient, userId),
  });
}
