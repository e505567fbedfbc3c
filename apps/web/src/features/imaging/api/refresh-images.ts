import type { QueryClient } from '@tanstack/react-query';
import { getDicomListQueryOptions } from './get-dicom-list';
import { getSurgeryChoicesQueryOptions } from './get-surgery-choices';

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
      queryKey: getSurgeryChoicesQueryOptions(participantId).queryKey,
    }),
  ]);
}
