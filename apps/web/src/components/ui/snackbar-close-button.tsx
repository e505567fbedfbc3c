import { IconButton } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useSnackbar } from 'notistack';
import type { SnackbarKey } from 'notistack';

/** Spec §9 snackbars stay for five minutes, so each one can be closed by hand. */
export function SnackbarCloseButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label="Close notification"
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <Close fontSize="small" />
    </IconButton>
  );
}
