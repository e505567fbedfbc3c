import { useId } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** Optional second sentence, e.g. 'This action cannot be undone.' */
  body?: ReactNode;
  /** Whom the action is about (a ParticipantBanner), shown above the body. */
  subject?: ReactNode;
  onConfirm: () => void;
  /** Called by No, Escape and a click outside. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** CSS width of the dialog; spec §9 uses 345px for confirmations. */
  width?: number | string;
  /** While the confirmed action runs, Yes shows a spinner and both buttons wait. */
  pending?: boolean;
  /** Colours Yes as a destructive action. */
  destructive?: boolean;
};

/** A yes/no question (spec §2 'Other dialogs'). */
export function ConfirmDialog({
  open,
  title,
  body,
  subject,
  onConfirm,
  onCancel,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  width = 345,
  pending = false,
  destructive = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1.125rem' }}>
        {title}
      </DialogTitle>
      {body || subject ? (
        <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
          {subject}
          {body ? <DialogContentText id={bodyId}>{body}</DialogContentText> : null}
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
