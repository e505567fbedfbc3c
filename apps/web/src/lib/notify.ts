import { useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { SNACKBAR_DURATION_MS, TOAST_DURATION_MS } from '@recovery-portal/contract/constants';

/** Spec §9: short toasts for account flows, long-lived snackbars for list actions. */
export type NotifyDuration = 'toast' | 'snackbar';

export type Notify = {
  success: (message: string, duration?: NotifyDuration) => void;
  error: (message: string, duration?: NotifyDuration) => void;
};

const DURATION_MS: Record<NotifyDuration, number> = {
  toast: TOAST_DURATION_MS,
  snackbar: SNACKBAR_DURATION_MS,
};

/** The one way screens show a toast; position and durations come from the provider and spec. */
export function useNotify(): Notify {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message, duration = 'toast') => {
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: DURATION_MS[duration] });
      },
      error: (message, duration = 'toast') => {
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: DURATION_MS[duration] });
      },
    }),
    [enqueueSnackbar],
  );
}
