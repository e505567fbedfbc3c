import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbUp from '@mui/icons-material/ThumbUp';
import { VisuallyHidden } from './visually-hidden';

/** Accessible names of the feedback icons and of the dash. */
export const FEEDBACK_LABELS = {
  THUMBS_UP: 'Thumbs up',
  THUMBS_DOWN: 'Thumbs down',
  none: 'No feedback',
} as const;

export type FeedbackIconProps = {
  /** THUMBS_UP or THUMBS_DOWN show an icon; anything else (none, NO_FEEDBACK…) a dash. */
  feedback: string | null | undefined;
};

/** A nudge's feedback as a thumbs up or down icon, else a dash (spec §2 'Nudges list'). */
export function FeedbackIcon({ feedback }: FeedbackIconProps) {
  if (feedback === 'THUMBS_UP') {
    return (
      <ThumbUp
        titleAccess={FEEDBACK_LABELS.THUMBS_UP}
        fontSize="small"
        sx={{ color: 'success.main', verticalAlign: 'middle' }}
      />
    );
  }
  if (feedback === 'THUMBS_DOWN') {
    return (
      <ThumbDown
        titleAccess={FEEDBACK_LABELS.THUMBS_DOWN}
        fontSize="small"
        sx={{ color: 'error.main', verticalAlign: 'middle' }}
      />
    );
  }
  return (
    <>
      <span aria-hidden="true">-</span>
      <VisuallyHidden>{FEEDBACK_LABELS.none}</VisuallyHidden>
    </>
  );
}
