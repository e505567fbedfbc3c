import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { GlobalStyles } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { ToolbarSlotProvider } from '../components/layout/toolbar-slot';
import { SnackbarCloseButton } from '../components/ui/snackbar-close-button';
import { getSession, subscribeSession } from '../lib/session';
import { theme } from './theme';

/**
 * However the session ends (logout button, failed token refresh, role mismatch), cached server
 * data of the previous user must not survive it (spec §4).
 */
/** Below the header bar (64px) with a small gap. */
const SNACKBAR_TOP_OFFSET_PX = 72;

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
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
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
          <ToolbarSlotProvider>{children}</ToolbarSlotProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
