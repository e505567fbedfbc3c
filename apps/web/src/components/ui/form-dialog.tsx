import { createContext, useContext, useId, type FormEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type DialogContentProps,
} from '@mui/material';

/** The dialog's title id, which names both the dialog and the form inside it. */
const TitleIdContext = createContext<string | undefined>(undefined);

/**
 * The shell of a dialog holding one form: `width` px wide on a large screen, named by the
 * form's title. The form (`DialogForm`) is a child component so that its hooks (react-hook-form,
 * the mutation) start afresh each time the caller mounts it.
 */
export function FormDialog({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <TitleIdContext.Provider value={titleId}>{children}</TitleIdContext.Provider>
    </Dialog>
  );
}

/**
 * The form of a `FormDialog`: its title, fields, and Cancel beside the submit button. While
 * `pending` the submit button spins and Cancel waits; `submitDisabled` holds the submit back
 * (an invalid form, or a list the form needs that has not loaded).
 */
export function DialogForm({
  title,
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  submitDisabled = false,
  contentProps,
  children,
}: {
  title: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  contentProps?: DialogContentProps;
  children: ReactNode;
}) {
  const titleId = useContext(TitleIdContext);
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent {...contentProps}>{children}</DialogContent>
      {/* Below a divider the buttons need room above them as well. */}
      <DialogActions sx={{ px: 3, ...(contentProps?.dividers ? { py: 2 } : { pb: 2 }) }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submitDisabled} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
