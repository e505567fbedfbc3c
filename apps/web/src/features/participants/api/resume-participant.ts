import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeParticipant } from '#app/lib/api/participant-commands.ts';
import { invalidateParticipantLists } from '#app/lib/query-keys.ts';

export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: () => invalidateParticipantLists(queryClient),
  });
}
