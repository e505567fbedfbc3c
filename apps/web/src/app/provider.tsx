import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ToolbarSlotProvider } from '#app/components/layout/toolbar-slot.tsx';
import type { SnackbarHost as SnackbarHostComponent } from '#app/components/ui/snackbar-host.tsx';
import {
  createNotificationQueue,
  NotificationQueueContext,
  type NotificationQueue,
} from '#app/lib/notify.ts';
import { getSession, subscribeSession } from '#app/lib/session.ts';
import { theme } from './theme';

/**
 * The snackbar host and its library are not part of the first load (DESIGN §7): they download
 * when the first notification is queued, which waits there until they arrive. Should the
 * download fail (say, a new release replaced the files), the portal keeps working without
 * snackbars until reloaded.
 */
const noSnackbars: typeof SnackbarHostComponent = () => null;
const SnackbarHost = lazy(() =>
  import('#app/components/ui/snackbar-host.tsx').then(
    (module) => ({ default: module.SnackbarHost }),
    () => ({ default: noSnackbars }),
  ),
);

/** True from the first notification on, including one queued before this subscribed. */
function useAnyNotification(queue: NotificationQueue): boolean {
  return useSyncExternalStore(queue.subscribe, queue.used);
}

/**
 * However the session ends (logout button, failed token refresh, role mismatch), cached server
 * data of the previous user must not survive it (spec §4).
 */
function useClearCacheWhenSessionEnds(queryClient: QueryClient) {
  useEffect(() => {
    let signedIn = getSession().accessToken !== null;
    return subscribeSession(() => {
      const nowSignedIn = getSession().accessToken !== null;
      if (signedIn && !nowSignedIn) queryClient.clear();
      signedIn = nowSignedIn;
    });
  }, [queryClient]);
}

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useClearCacheWhenSessionEnds(queryClient);
  const [notifications] = useState(createNotificationQueue);
  const showSnackbars = useAnyNotification(notifications);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationQueueContext value={notifications}>
          <ToolbarSlotProvider>{children}</ToolbarSlotProvider>
          {showSnackbars ? (
            <Suspense fallback={null}>
              <SnackbarHost queue={notifications} />
            </Suspense>
          ) : null}
        </NotificationQueueContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
