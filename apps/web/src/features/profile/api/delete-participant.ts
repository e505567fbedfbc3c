import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteParticipant } from '#app/lib/api/participant-commands.ts';
import { invalidateParticipantLists } from '#app/lib/query-keys.ts';
import { participantDetailsKeys } from './participant-details-keys';

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    // The lists that show them refetch when next shown. The profile leaves the cache without a
    // refetch (the page is leaving), so coming back to the address asks the server again.
    onSuccess: async (_deleted, id) => {
      queryClient.removeQueries({ queryKey: participantDetailsKeys.profile(id) });
      await invalidateParticipantLists(queryClient);
    },
  });
}
