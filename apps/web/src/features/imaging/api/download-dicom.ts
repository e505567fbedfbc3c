import { useMutation } from '@tanstack/react-query';
import { DICOM_MEDIA_TYPE, IMAGING_PATHS } from '@recovery-portal/contract/imaging';
import type { ImagingFile } from '@recovery-portal/contract/imaging';
import { apiDownload } from '#app/lib/api/download.ts';
import { saveFile } from '#app/lib/save-file.ts';

/** GET /api/surgery/dicom/file?image_id — fetched as a blob (it needs the bearer token). */
export async function downloadDicom(image: Pick<ImagingFile, 'id' | 'original_name'>) {
  const { blob, fileName } = await apiDownload(IMAGING_PATHS.file, {
    query: { image_id: image.id },
    accept: DICOM_MEDIA_TYPE,
  });
  saveFile(blob, fileName ?? image.original_name);
}

export function useDownloadDicom() {
  return useMutation({ mutationFn: downloadDicom });
}
