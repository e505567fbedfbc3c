import { useId } from 'react';
import { Box, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { ViewDialog } from '#app/components/ui/view-dialog.tsx';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';
import { stepNudgeIndex } from '#app/features/profile-nudges/profile-nudges.ts';
import type { ProfileNudgeRow } from '#app/features/profile-nudges/profile-nudges.ts';
import { useLastNonNull } from '#app/lib/use-last-non-null.ts';

type ProfileNudgeDialogProps = {
  nudges: readonly ProfileNudgeRow[];
  /** Position of the shown nudge in `nudges`; null closes the dialog. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * Spec §2 'Nudge card on the profile': the 500px nudge dialog with its date ('dd MMM YYYY') and
 * previous/next arrows that stop at the first and last nudge.
 */
export function ProfileNudgeDialog({
  nudges,
  index,
  onIndexChange,
  onClose,
}: ProfileNudgeDialogProps) {
  const dateId = useId();
  const titleId = useId();
  const shownIndex = useLastNonNull(index);
  const current = shownIndex === null ? null : stepNudgeIndex(shownIndex, 0, nudges.length);
  const nudge = current === null ? undefined : nudges[current];
  const isFirst = current === null || current <= 0;
  const isLast = current === null || current >= nudges.length - 1;
  return (
    <ViewDialog
      open={index !== null && nudge !== undefined}
      onClose={onClose}
      labelledBy={`${dateId} ${titleId}`}
      paperSx={{ width: 500, maxWidth: 'calc(100% - 32px)' }}
    >
      {nudge && current !== null && (
        <>
          <DialogTitle
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <IconButton
              aria-label="Previous nudge"
              disabled={isFirst}
              onClick={() => onIndexChange(stepNudgeIndex(current, -1, nudges.length))}
            >
              <ChevronLeft />
            </IconButton>
            <Box sx={{ textAlign: 'center' }}>
              <Box id={dateId} component="span" sx={{ display: 'block' }}>
                {formatDate(nudge.target_date, DATE_FORMATS.nudgeDialog)}
              </Box>
              <Typography component="span" variant="caption" color="text.secondary">
                {current + 1} of {nudges.length}
              </Typography>
            </Box>
            <IconButton
              aria-label="Next nudge"
              disabled={isLast}
              onClick={() => onIndexChange(stepNudgeIndex(current, 1, nudges.length))}
            >
              <ChevronRight />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers>
            <Typography id={titleId} component="h3" variant="h3" sx={{ mb: 1 }}>
              {nudge.title}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{nudge.content}</Typography>
          </DialogContent>
        </>
      )}
    </ViewDialog>
  );
}
