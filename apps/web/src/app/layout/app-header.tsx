import { lazy, Suspense } from 'react';
import { AppBar, Box, ButtonBase, Toolbar, Typography } from '@mui/material';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { SessionUser } from '@recovery-portal/contract/users';
import { PortalLink } from '#app/lib/portal-navigation.tsx';
import {
  useRememberedParticipantType,
  withParticipantType,
} from '#app/lib/remembered-participant-type.ts';
import { homePathFor } from '#app/lib/session.ts';

// Only signed-in users see these, so /login does not download them (DESIGN §7 budget).
const ParticipantTypeTabs = lazy(async () => ({
  default: (await import('./participant-type-tabs')).ParticipantTypeTabs,
}));
const LogoutButton = lazy(async () => ({
  default: (await import('./logout-button')).LogoutButton,
}));
const AccountSecurityButton = lazy(async () => ({
  default: (await import('./account-security-button')).AccountSecurityButton,
}));

export function AppHeader({ user }: { user: SessionUser | null }) {
  // Home is the participants list for clinicians: it opens on the tab last chosen.
  const type = useRememberedParticipantType();
  return (
    <AppBar position="static" color="primary">
      {/* One bar at every width: on a phone the name goes, the logo and Logout become icons. */}
      <Toolbar sx={{ gap: { xs: 0.5, sm: 2 }, px: { xs: 1, sm: 3 } }}>
        <ButtonBase
          component={PortalLink}
          to={user ? withParticipantType(homePathFor(user.role), type) : WEB_ROUTES.login}
          aria-label="Recovery Portal home"
          sx={{ gap: 1.25, borderRadius: 1, px: 0.5, py: 0.5, flexShrink: 0 }}
        >
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32 }} />
          <Typography
            component="span"
            variant="h6"
            sx={{
              fontWeight: 600,
              whiteSpace: 'nowrap',
              display: user ? { xs: 'none', md: 'inline' } : 'inline',
            }}
          >
            Recovery Portal
          </Typography>
        </ButtonBase>
        <Suspense fallback={null}>
          {user?.role === 'CLINICIAN' && <ParticipantTypeTabs />}
          <Box sx={{ flexGrow: 1 }} />
          {user !== null && (
            <>
              <Typography
                component="span"
                variant="body2"
                sx={{ display: { xs: 'none', md: 'block' }, whiteSpace: 'nowrap' }}
              >
                {`${user.first_name} ${user.last_name}`.trim()}
              </Typography>
              {/* Its own boundary: the tabs and Logout do not wait for its code. */}
              <Suspense fallback={null}>
                <AccountSecurityButton user={user} />
              </Suspense>
              <LogoutButton />
            </>
          )}
        </Suspense>
      </Toolbar>
    </AppBar>
  );
}
