import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteParticipant } from '../../../lib/api/participant-commands';

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    // Lists elsewhere (participants, nudges, coach) still show them: everything refetches when
    // next shown. Nothing refetches now, so the page leaving does not ask for a deleted profile.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
}
