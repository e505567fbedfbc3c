import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeParticipant } from '../../../lib/api/participant-commands';
import { getParticipantListsQueryOptions } from './get-participants';

export function useResumeParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeParticipant,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getParticipantListsQueryOptions().queryKey }),
  });
}
