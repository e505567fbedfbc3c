import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DICOM_UPLOAD_FIELDS, dicomUploadResponseSchema } from '@recovery-portal/contract/imaging';
import type { DicomUploadResponse } from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiUpload } from '#app/lib/api/upload.ts';
import type { UploadProgress } from '#app/lib/api/upload.ts';
import { refreshImages } from './refresh-images';

export type UploadDicomInput = {
  participantId: number;
  surgeryId: number;
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
};

/** POST /api/surgery/dicom — multipart: user_id and surgery_id first, then the files. */
export function uploadDicom({
  participantId,
  surgeryId,
  files,
  onProgress,
}: UploadDicomInput): Promise<DicomUploadResponse> {
  const body = new FormData();
  body.append(DICOM_UPLOAD_FIELDS.userId, String(participantId));
  body.append(DICOM_UPLOAD_FIELDS.surgeryId, String(surgeryId));
  for (const file of files) body.append(DICOM_UPLOAD_FIELDS.files, file, file.name);
  return apiUpload(API_PATHS.surgery.dicom, {
    body,
    schema: dicomUploadResponseSchema,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useUploadDicom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDicom,
    onSuccess: (_result, input) => refreshImages(queryClient, input.participantId, input.surgeryId),
  });
}
