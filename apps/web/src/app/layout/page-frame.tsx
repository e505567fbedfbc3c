import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { SessionUser } from '@recovery-portal/contract/users';
import { AppHeader } from './app-header';

/**
 * What every page shows, in the portal and on the first-load sign-in page alike: the skip link,
 * the header, `belowHeader` (the signed-in menu and toolbar), a line reserved for the loading
 * bar so the page does not jump, then the screen.
 */
export function PageFrame({
  user,
  belowHeader = null,
  loadingBar = null,
  children,
}: {
  user: SessionUser | null;
  belowHeader?: ReactNode;
  loadingBar?: ReactNode;
  children: ReactNode;
}) {
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
      <AppHeader user={user} />
      {belowHeader}
      <Box sx={{ height: 4 }}>{loadingBar}</Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
