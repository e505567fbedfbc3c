import { useMemo } from 'react';
import { PortalNavigationContext, type PortalNavigation } from '#app/lib/portal-navigation.tsx';
import { PageFrame } from './layout/page-frame';
import { LoginRoute } from './routes/login';

/**
 * /login as a first load draws this: the same page as the portal's login route, without the
 * router (DESIGN §7). Any move away from it, a sign-in or a link, goes through `onLeave`.
 */
export function SignInPage({
  onLeave,
}: {
  onLeave: (path: string, options: { replace: boolean }) => void;
}) {
  const navigation = useMemo<PortalNavigation>(
    () => ({
      searchParams: new URLSearchParams(window.location.search),
      navigate: (path, options) => onLeave(path, { replace: options?.replace ?? false }),
    }),
    [onLeave],
  );
  return (
    <PortalNavigationContext value={navigation}>
      <PageFrame user={null}>
        <LoginRoute />
      </PageFrame>
    </PortalNavigationContext>
  );
}
