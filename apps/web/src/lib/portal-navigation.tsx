import { createContext, use, type ComponentProps } from 'react';

/**
 * How the screens shared by the first-load sign-in page and the portal move on. That page loads
 * without the router (DESIGN §7: /login within 150 KB), so these screens do not call react-router
 * themselves: inside the portal the router provides this (app/layout/router-navigation.tsx); on
 * the sign-in page a move hands over to the portal, which then loads (app/app.tsx).
 */
export interface PortalNavigation {
  /** The query string of the current page. */
  searchParams: URLSearchParams;
  navigate: (path: string, options?: { replace?: boolean }) => void;
}

export const PortalNavigationContext = createContext<PortalNavigation | null>(null);

export function usePortalNavigation(): PortalNavigation {
  const navigation = use(PortalNavigationContext);
  if (!navigation) throw new Error('usePortalNavigation needs a PortalNavigationContext above.');
  return navigation;
}

type PortalLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean };

/**
 * A link within the portal: a plain click moves through `usePortalNavigation`; a click that asks
 * for a new tab or window, or any other button, is left to the browser.
 */
export function PortalLink({ to, replace, onClick, ...anchor }: PortalLinkProps) {
  const { navigate } = usePortalNavigation();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        if (event.defaultPrevented || event.button !== 0 || modified) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}
