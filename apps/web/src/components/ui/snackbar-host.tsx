import { useEffect, type ReactNode } from 'react';
import { GlobalStyles } from '@mui/material';
import { SnackbarProvider, useSnackbar } from 'notistack';
import type { NotificationQueue } from '../../lib/notify';
import { SnackbarCloseButton } from './snackbar-close-button';

/** Below the header bar (64px) with a small gap. */
const SNACKBAR_TOP_OFFSET_PX = 72;

/** Shows what the queue holds now and whatever arrives later. */
function QueueDrain({ queue }: { queue: NotificationQueue }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const drain = () => {
      for (const { message, variant, autoHideDuration } of queue.take()) {
        enqueueSnackbar(message, { variant, autoHideDuration });
      }
    };
    drain();
    return queue.subscribe(drain);
  }, [queue, enqueueSnackbar]);
  return null;
}

/** The snackbars of the whole portal, fed by useNotify (lib/notify.ts); loaded on first use. */
export function SnackbarHost({ queue }: { queue: NotificationQueue }): ReactNode {
  return (
    <>
      {/*
        Snackbars stay up for 5 minutes (spec §9) in the top right, where the header has the
        logout button; starting them below the header keeps every header control usable.
      */}
      <GlobalStyles
        // 'body' outranks notistack's own single-class rule, whatever order the styles load in.
        styles={{ 'body .notistack-SnackbarContainer': { top: `${SNACKBAR_TOP_OFFSET_PX}px` } }}
      />
      <SnackbarProvider
        maxSnack={3}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        action={(key) => <SnackbarCloseButton snackbarKey={key} />}
      >
        <QueueDrain queue={queue} />
      </SnackbarProvider>
    </>
  );
}
