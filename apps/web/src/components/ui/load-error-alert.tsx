import { Alert, Button } from '@mui/material';
import type { LoadErrorProps } from './load-error';

/** LoadError's alert, a chunk of its own: only a failed load draws it. */
export function LoadErrorAlert({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      sx={{ textAlign: 'left' }}
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
