import { queryOptions, useQuery } from '@tanstack/react-query';
import { IMAGING_PATHS, PREVIEW_MEDIA_TYPE } from '@recovery-portal/contract/imaging';
import { apiDownload } from '#app/lib/api/download.ts';
import { imagingKeys } from './imaging-keys';

/** GET /api/surgery/dicom/preview?image_id — a PNG, fetched as a blob (it needs the bearer token). */
export async function getDicomPreview(imageId: number, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiDownload(IMAGING_PATHS.preview, {
    query: { image_id: imageId },
    accept: PREVIEW_MEDIA_TYPE,
    ...(signal ? { signal } : {}),
  });
  return blob;
}

export function getDicomPreviewQueryOptions(imageId: number) {
  return queryOptions({
    queryKey: imagingKeys.preview(imageId),
    queryFn: ({ signal }) => getDicomPreview(imageId, signal),
    // An image's bytes never change, so neither does its preview: the thumbnail and the
    // enlarged view share one download.
    staleTime: Infinity,
  });
}

/** `enabled` false (the list says the data allows no preview) asks nothing of the server. */
export function useDicomPreview(imageId: number, enabled: boolean) {
  return useQuery({ ...getDicomPreviewQueryOptions(imageId), enabled });
}
