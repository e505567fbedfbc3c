import { useId } from 'react';
import { Alert, Box, ButtonBase, DialogContent, Skeleton, Typography } from '@mui/material';
import {
  PREVIEW_MAX_SIDE,
  PREVIEW_UNAVAILABLE_LABELS,
  type ImagingFile,
} from '@recovery-portal/contract/imaging';
import { ViewDialog, ViewDialogTitle } from '#app/components/ui/view-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useLastNonNull } from '#app/lib/use-last-non-null.ts';
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
function rendering(image: PreviewSubject, shownSide: number): 'pixelated' | 'auto' {
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

/** The larger preview of one image; `image` null closes it. */
export function DicomPreviewDialog({
  image,
  onClose,
}: {
  image: ImagingFile | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const shown = useLastNonNull(image);
  return (
    <ViewDialog
      open={image !== null}
      onClose={onClose}
      labelledBy={titleId}
      paperSx={{ width: PREVIEW_MAX_SIDE + 48, maxWidth: 'calc(100% - 32px)' }}
    >
      {shown && (
        <>
          <ViewDialogTitle
            id={titleId}
            title={describeImage(shown)}
            subtitle={shown.original_name}
          />
          {/* Focusable, so that a keyboard can scroll it on a window too short for the image. */}
          <DialogContent dividers tabIndex={0}>
            <LargePreview image={shown} />
          </DialogContent>
        </>
      )}
    </ViewDialog>
  );
}

/**
 * The enlarged preview fills a black stage as wide as the dialog and never taller than the
 * window leaves room for, so the dialog does not scroll.
 */
const STAGE = {
  display: 'block',
  width: '100%',
  height: `min(${PREVIEW_MAX_SIDE}px, calc(100vh - 280px))`,
  minHeight: 160,
} as const;

function LargePreview({ image }: { image: ImagingFile }) {
  const preview = useDicomPreview(image.id, image.preview === 'AVAILABLE');
  if (image.preview !== 'AVAILABLE') {
    return <Typography>{PREVIEW_UNAVAILABLE_LABELS[image.preview]}</Typography>;
  }
  if (preview.isError) {
    return <Alert severity="error">{errorMessage(preview.error)}</Alert>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {preview.data ? (
        <BlobImage
          blob={preview.data}
          alt={previewAltText(image)}
          sx={{
            ...STAGE,
            objectFit: 'contain',
            bgcolor: 'common.black',
            imageRendering: rendering(image, PREVIEW_MAX_SIDE),
          }}
        />
      ) : (
        <Skeleton
          variant="rectangular"
          sx={STAGE}
          role="img"
          aria-label={`Loading the preview of ${describeImage(image)}`}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        The middle frame, scaled to at most {PREVIEW_MAX_SIDE} pixels on its longest side; download
        the file for the full image.
      </Typography>
    </Box>
  );
}
