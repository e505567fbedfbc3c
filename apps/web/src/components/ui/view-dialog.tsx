import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogTitle, Typography } from '@mui/material';
import type { DialogProps, SxProps, Theme } from '@mui/material';

type ViewDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The id (or ids) of what names the dialog, usually its title. */
  labelledBy: string;
  /** The paper's size: each dialog's spec gives its own. */
  paperSx: SxProps<Theme>;
  scroll?: DialogProps['scroll'];
  maxWidth?: DialogProps['maxWidth'];
  /** The title and the content; the shell adds the Close button. */
  children: ReactNode;
};

/** A dialog that only shows something: its title, its content and a Close button. */
export function ViewDialog({
  open,
  onClose,
  labelledBy,
  paperSx,
  scroll,
  maxWidth,
  children,
}: ViewDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={labelledBy}
      scroll={scroll}
      maxWidth={maxWidth}
      slotProps={{ paper: { sx: paperSx } }}
    >
      {children}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A view dialog's title with a secondary line under it (a date, a file name). */
export function ViewDialogTitle({
  id,
  title,
  subtitle,
}: {
  id: string;
  title: ReactNode;
  subtitle: ReactNode;
}) {
  return (
    <DialogTitle id={id}>
      {title}
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {subtitle}
      </Typography>
    </DialogTitle>
  );
}
