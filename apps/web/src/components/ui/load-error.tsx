import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';

export type LoadErrorProps = {
  message: string;
  onRetry: () => unknown;
};

// MUI's Alert (with its severity icons) loads with the first failure, not with every screen.
const LoadErrorAlert = lazy(async () => ({
  default: (await import('./load-error-alert')).LoadErrorAlert,
}));

/** The alert's height with its Retry button, held while its code arrives. */
const ALERT_HEIGHT = 48;

/** A load that failed after its retry: what failed, and a button to try again now. */
export function LoadError(props: LoadErrorProps) {
  return (
    <Suspense fallback={<Box sx={{ minHeight: ALERT_HEIGHT }} />}>
      <LoadErrorAlert {...props} />
    </Suspense>
  );
}
