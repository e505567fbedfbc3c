import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dicomDeleteResponseSchema } from '@recovery-portal/contract/imaging';
import type { DicomDeleteResponse } from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { refreshImages } from './refresh-images';

export type DeleteDicomInput = { participantId: number; surgeryId: number; imageId: number };

/** DELETE /api/surgery/dicom?image_id */
export function deleteDicom({ imageId }: DeleteDicomInput): Promise<DicomDeleteResponse> {
  return apiRequest(API_PATHS.surgery.dicom, {
    method: 'DELETE',
    query: { image_id: imageId },
    schema: dicomDeleteResponseSchema,
  });
}

export function useDeleteDicom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDicom,
    onSuccess: (_result, input) => refreshImages(queryClient, input.participantId, input.surgeryId),
  });
}
