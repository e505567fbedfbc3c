import type { QueryClient } from '@tanstack/react-query';
import { getParticipantProfileQueryOptions } from './get-participant-profile';

/**
 * After a change to a participant (status, type) the open profile reloads at once (spec §4);
 * every other cached query — the participant lists of another feature among them — is only
 * marked stale, so it refetches when next shown instead of all at once now.
 */
export async function refreshAfterParticipantChange(
  queryClient: QueryClient,
  id: number,
): Promise<void> {
  await queryClient.invalidateQueries({ refetchType: 'none' });
  await queryClient.invalidateQueries({
    queryKey: getParticipantProfileQueryOptions(id).queryKey,
  });
}
