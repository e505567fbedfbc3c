import { lazy, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Outlet, useNavigation } from 'react-router';
import { ToolbarSlotTarget } from '../../components/layout/toolbar-slot';
import { useSession } from '../../lib/session';
import { AppHeader } from './app-header';

// Only clinicians see the menu, so /login does not download it (DESIGN §7 budget).
const MainMenu = lazy(async () => ({ default: (await import('./main-menu')).MainMenu }));

/** Header, then (for clinicians) the main menu and the screen's toolbar, then the screen. */
export function AppLayout() {
  const { accessToken, user } = useSession();
  const navigation = useNavigation();
  const signedInUser = accessToken !== null ? user : null;
  const isClinician = signedInUser?.role === 'CLINICIAN';

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
      {isClinician && (
        <Suspense fallback={null}>
          <MainMenu />
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
        {navigation.state === 'loading' && <LinearProgress aria-label="Loading page" />}
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
