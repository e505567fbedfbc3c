import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteParticipant } from '#app/lib/api/participant-commands.ts';
import { invalidateParticipantLists } from '#app/lib/query-keys.ts';

export type DeleteParticipantsResult = {
  deleted: number[];
  failed: { id: number; error: unknown }[];
};

/**
 * Deletes each of the ids (DESIGN §5: 'Delete Selected Participant' works). One failure does not
 * stop the others; the result says which went and which stayed.
 */
export async function deleteParticipants(
  ids: readonly number[],
): Promise<DeleteParticipantsResult> {
  const outcomes = await Promise.allSettled(ids.map((id) => deleteParticipant(id)));
  const result: DeleteParticipantsResult = { deleted: [], failed: [] };
  outcomes.forEach((outcome, index) => {
    const id = ids[index];
    if (id === undefined) return;
    if (outcome.status === 'fulfilled') result.deleted.push(id);
    else result.failed.push({ id, error: outcome.reason });
  });
  return result;
}

/** Deletes several participants; the list refreshes even when some of them failed. */
export function useDeleteParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipants,
    onSettled: () => invalidateParticipantLists(queryClient),
  });
}
