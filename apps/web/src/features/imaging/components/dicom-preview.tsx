import { ButtonBase, Skeleton, Typography } from '@mui/material';
import { PREVIEW_UNAVAILABLE_LABELS, type ImagingFile } from '@recovery-portal/contract/imaging';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useDicomPreview } from '#app/features/imaging/api/get-dicom-preview.ts';
import { BlobImage } from './blob-image';

/** Edge of the square a thumbnail fits in, in CSS pixels. */
const THUMBNAIL_SIZE = 64;

type PreviewSubject = Pick<
  ImagingFile,
  | 'id'
  | 'modality'
  | 'series_description'
  | 'instance_number'
  | 'original_name'
  | 'preview'
  | 'rows'
  | 'columns'
>;

/** Enlarged previews show their pixels rather than blurring them into false detail. */
export function rendering(image: PreviewSubject, shownSide: number): 'pixelated' | 'auto' {
  return Math.max(image.rows ?? 0, image.columns ?? 0) < shownSide ? 'pixelated' : 'auto';
}

/** What the image shows, for alt text and titles: "CT, series 'Knee axial', instance 3". */
export function describeImage(image: PreviewSubject): string {
  return [
    image.modality ?? image.original_name,
    image.series_description ? `series '${image.series_description}'` : null,
    image.instance_number !== null ? `instance ${image.instance_number}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
}

export const previewAltText = (image: PreviewSubject) => `Preview of ${describeImage(image)}`;

/**
 * The thumbnail of an image in the list: a button that opens the larger preview, or a short
 * text where the data allows no preview (compressed, no pixels …).
 */
export function DicomThumbnail({ image, onOpen }: { image: PreviewSubject; onOpen: () => void }) {
  const available = image.preview === 'AVAILABLE';
  const preview = useDicomPreview(image.id, available);

  if (image.preview !== 'AVAILABLE') {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 120 }}>
        {PREVIEW_UNAVAILABLE_LABELS[image.preview]}
      </Typography>
    );
  }
  if (preview.isError) {
    return (
      <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 180 }}>
        {errorMessage(preview.error)}
      </Typography>
    );
  }
  if (!preview.data) {
    return (
      <Skeleton
        variant="rectangular"
        width={THUMBNAIL_SIZE}
        height={THUMBNAIL_SIZE}
        aria-label={`Loading the preview of ${describeImage(image)}`}
        role="img"
      />
    );
  }
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`Enlarge the preview of ${describeImage(image)}`}
      sx={{
        width: THUMBNAIL_SIZE,
        height: THUMBNAIL_SIZE,
        bgcolor: 'common.black',
        borderRadius: 1,
        overflow: 'hidden',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <BlobImage
        blob={preview.data}
        alt={previewAltText(image)}
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          imageRendering: rendering(image, THUMBNAIL_SIZE),
        }}
      />
    </ButtonBase>
  );
}
