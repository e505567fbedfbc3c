import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { Outlet, useNavigation } from 'react-router';
import { ToolbarSlotTarget } from '#app/components/layout/toolbar-slot.tsx';
import { useSession } from '#app/lib/session.ts';
import { AppHeader } from './app-header';

// Only signed-in staff see the menu, so /login does not download it (DESIGN §7 budget).
const MainMenu = lazy(async () => ({ default: (await import('./main-menu')).MainMenu }));
// Idle logoff runs only while signed in, so its code is not part of /login's first load.
const IdleLogoff = lazy(async () => ({ default: (await import('./idle-logoff')).IdleLogoff }));
// Shown only while a later screen's code loads, so it is not part of the first load either.
const NavigationProgress = lazy(() => import('@mui/material/LinearProgress'));

/** Header, then (signed in) the role's main menu and the screen's toolbar, then the screen. */
export function AppLayout() {
  const { accessToken, user } = useSession();
  const navigation = useNavigation();
  const signedInUser = accessToken !== null ? user : null;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <AppHeader user={signedInUser} />
      {signedInUser !== null && (
        <Suspense fallback={null}>
          <MainMenu role={signedInUser.role} />
        </Suspense>
      )}
      {signedInUser !== null && (
        <Suspense fallback={null}>
          <IdleLogoff />
        </Suspense>
      )}
      {signedInUser !== null && (
        <ToolbarSlotTarget
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1.5,
            px: 3,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            '&:empty': { display: 'none' },
          }}
        />
      )}
      {/* Reserve the bar's height so the page does not jump while a route chunk loads. */}
      <Box sx={{ height: 4 }}>
        {navigation.state === 'loading' && (
          <Suspense fallback={null}>
            <NavigationProgress aria-label="Loading page" />
          </Suspense>
        )}
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
