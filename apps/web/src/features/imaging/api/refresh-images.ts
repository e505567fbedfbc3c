import type { QueryClient } from '@tanstack/react-query';
import { getSurgeriesQueryOptions } from '#app/lib/api/surgeries.ts';
import { getDicomListQueryOptions } from './get-dicom-list';

/** After an upload or delete: the surgery's images and the surgeries' image counts reload. */
export async function refreshImages(
  queryClient: QueryClient,
  participantId: number,
  surgeryId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: getDicomListQueryOptions(participantId, surgeryId).queryKey,
    }),
    queryClient.invalidateQueries({
      queryKey: getSurgeriesQueryOptions(participantId).queryKey,
    }),
  ]);
}
