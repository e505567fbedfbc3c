import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ToolbarSlotTarget } from '#app/components/layout/toolbar-slot.tsx';
import { COMPACT_BUTTONS_ON_PHONE } from '#app/components/ui/compact-buttons.ts';
import { AppErrorBoundary } from '#app/app/app-error-boundary.tsx';
import { useNavigationPending } from '#app/app/navigation-pending.ts';
import { useSession } from '#app/lib/session.ts';
import { PageFrame } from './page-frame';
import { RouterNavigation } from './router-navigation';

// Only signed-in staff see the menu, so /login does not download it (DESIGN §7 budget).
const MainMenu = lazy(async () => ({ default: (await import('./main-menu')).MainMenu }));
// Idle logoff runs only while signed in, so its code is not part of /login's first load.
const IdleLogoff = lazy(async () => ({ default: (await import('./idle-logoff')).IdleLogoff }));
// Shown only while a later screen's code loads, so it is not part of the first load either.
const NavigationProgress = lazy(() => import('@mui/material/LinearProgress'));

/** Header, then (signed in) the role's main menu and the screen's toolbar, then the screen. */
export function AppLayout() {
  const { accessToken, user } = useSession();
  const navigationPending = useNavigationPending();
  const location = useLocation();
  const signedInUser = accessToken !== null ? user : null;

  return (
    <RouterNavigation>
      <PageFrame
        user={signedInUser}
        belowHeader={
          signedInUser !== null && (
            <>
              <Suspense fallback={null}>
                <MainMenu role={signedInUser.role} />
              </Suspense>
              <Suspense fallback={null}>
                <IdleLogoff />
              </Suspense>
              <ToolbarSlotTarget
                sx={[
                  {
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: { xs: 1, sm: 1.5 },
                    px: { xs: 2, md: 3 },
                    py: { xs: 1, sm: 1.5 },
                    borderBottom: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.paper',
                    '&:empty': { display: 'none' },
                  },
                  COMPACT_BUTTONS_ON_PHONE,
                ]}
              />
            </>
          )
        }
        loadingBar={
          navigationPending && (
            <Suspense fallback={null}>
              <NavigationProgress aria-label="Loading page" />
            </Suspense>
          )
        }
      >
        {/* Inside the layout, so an error page keeps the header. */}
        <AppErrorBoundary resetKey={location.key}>
          <Outlet />
        </AppErrorBoundary>
      </PageFrame>
    </RouterNavigation>
  );
}
