import { Alert, Button } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';

/** A load that failed after its retry: what failed, and a button to try again now. */
export function LoadError({
  message,
  onRetry,
  sx,
}: {
  message: string;
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={{ textAlign: 'left', ...sx }}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
