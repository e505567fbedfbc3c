import { useEffect, type ReactNode } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import type { NotificationQueue } from '#app/lib/notify.ts';
import { SnackbarCloseButton } from './snackbar-close-button';

/** More would cover the page; the oldest success makes way (errors wait until one is closed). */
export const MAX_SNACKBARS = 3;

/** Shows what the queue holds now and whatever arrives later. */
function QueueDrain({ queue }: { queue: NotificationQueue }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const drain = () => {
      for (const { message, variant, autoHideDuration } of queue.take()) {
        enqueueSnackbar(message, {
          variant,
          autoHideDuration,
          persist: autoHideDuration === null,
        });
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
    // Snackbars stay up for 5 minutes (spec §9). At the top they covered the header, the menu
    // and the toolbar with its search box; at the bottom left, dense, they sit below the screen's
    // controls, which all start at the top.
    <SnackbarProvider
      maxSnack={MAX_SNACKBARS}
      dense
      // A list that fails again on Retry does not stack the same error twice.
      preventDuplicate
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      action={(key) => <SnackbarCloseButton snackbarKey={key} />}
    >
      <QueueDrain queue={queue} />
    </SnackbarProvider>
  );
}
