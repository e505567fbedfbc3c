import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeParticipant } from '../../../lib/api/participant-commands';
import { invalidateParticipantLists } from '../../../lib/query-keys';

export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: () => invalidateParticipantLists(queryClient),
  });
}
