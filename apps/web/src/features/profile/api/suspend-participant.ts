import { useMutation, useQueryClient } from '@tanstack/react-query';
import { suspendParticipant } from '#app/lib/api/participant-commands.ts';
import { refreshAfterParticipantChange } from './refresh-after-change';

/** Spec §4: after suspending, the profile reloads. */
export function useSuspendParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendParticipant,
    onSuccess: (_row, userId) => refreshAfterParticipantChange(queryClient, userId),
  });
}
