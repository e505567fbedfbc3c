import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PortalNavigationContext, type PortalNavigation } from '#app/lib/portal-navigation.tsx';

/** Inside the portal, the screens shared with the sign-in page move with the router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const [searchParams] = useSearchParams();
  const navigation = useMemo<PortalNavigation>(
    () => ({
      searchParams,
      navigate: (path, options) => void routerNavigate(path, options),
    }),
    [searchParams, routerNavigate],
  );
  return <PortalNavigationContext value={navigation}>{children}</PortalNavigationContext>;
}
