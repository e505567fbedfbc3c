import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantDeletedSchema } from '@recovery-portal/contract/participants';
import type { ParticipantDeleted } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { getParticipantListsQueryOptions } from './get-participants';

/** DELETE /api/account/{id}: removes the participant and all their data. */
export function deleteParticipant(id: number): Promise<ParticipantDeleted> {
  return apiRequest(API_PATHS.account.deleteParticipant(id), {
    method: 'DELETE',
    schema: participantDeletedSchema,
  });
}

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

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getParticipantListsQueryOptions().queryKey }),
  });
}

/** Deletes several participants; the list refreshes even when some of them failed. */
export function useDeleteParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipants,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getParticipantListsQueryOptions().queryKey }),
  });
}
