import { queryOptions, useQuery } from '@tanstack/react-query';
import { imagingFileListSchema } from '@recovery-portal/contract/imaging';
import type { ImagingFile } from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { imagingKeys } from './imaging-keys';

/** GET /api/surgery/dicom-list?user_id&surgery_id — newest upload first. */
export function getDicomList(
  participantId: number,
  surgeryId: number,
  signal?: AbortSignal,
): Promise<ImagingFile[]> {
  return apiRequest(API_PATHS.surgery.dicomList, {
    query: { user_id: participantId, surgery_id: surgeryId },
    schema: imagingFileListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getDicomListQueryOptions(participantId: number, surgeryId: number) {
  return queryOptions({
    queryKey: imagingKeys.list(participantId, surgeryId),
    queryFn: ({ signal }) => getDicomList(participantId, surgeryId, signal),
  });
}

/** `surgeryId` null (no surgery chosen yet) asks nothing of the server. */
export function useDicomList(participantId: number, surgeryId: number | null) {
  return useQuery({
    ...getDicomListQueryOptions(participantId, surgeryId ?? 0),
    enabled: surgeryId !== null,
  });
}
