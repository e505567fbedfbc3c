import type { QueryClient } from '@tanstack/react-query';
import { invalidateParticipantLists } from '#app/lib/query-keys.ts';
import { participantDetailsKeys } from './participant-details-keys';

/**
 * After a change to a participant (status, type) the open profile reloads at once (spec §4), and
 * the lists that show the participant by type or status refetch when next shown.
 */
export async function refreshAfterParticipantChange(
  queryClient: QueryClient,
  id: number,
): Promise<void> {
  await Promise.all([
    invalidateParticipantLists(queryClient),
    queryClient.invalidateQueries({ queryKey: participantDetailsKeys.profile(id) }),
  ]);
}
