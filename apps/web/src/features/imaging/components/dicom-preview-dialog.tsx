import { useId } from 'react';
import { Alert, Box, DialogContent, Skeleton, Typography } from '@mui/material';
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
import { describeImage, previewAltText, rendering } from './dicom-preview';

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
