import { useEffect } from 'react';
import { Outlet, redirect } from 'react-router';
import type { DataRouter } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';
import { noteSessionEnded, rememberReturnPath } from '#app/lib/return-after-sign-in.ts';
import {
  clearSession,
  getSession,
  homePathFor,
  subscribeSession,
  useSession,
} from '#app/lib/session.ts';

/** Ids of the layout routes whose pages need a session; see createRoutes. */
export const GUARDED_ROUTE_IDS = {
  CLINICIAN: 'clinician-pages',
  ADMINISTRATOR: 'administrator-pages',
} as const satisfies Record<StaffRole, string>;

/** Pages for signed-in staff of either role (the API docs). */
export const STAFF_ROUTE_ID = 'staff-pages';

const guardedIds: ReadonlySet<string> = new Set([
  ...Object.values(GUARDED_ROUTE_IDS),
  STAFF_ROUTE_ID,
]);

/**
 * Spec §2/§6 guard, run as a loader so a denied page never renders: no access token → /login;
 * a stored user of another role is logged out and sent to /unauthorized.
 */
export function requireRole(role: StaffRole) {
  return function guardLoader({ request }: { request: Request }): Response | null {
    const { accessToken, user } = getSession();
    if (accessToken === null) {
      // After signing in, the user lands on the page they asked for.
      const url = new URL(request.url);
      rememberReturnPath(`${url.pathname}${url.search}`);
      return redirect(WEB_ROUTES.login);
    }
    if (user?.role !== role) {
      clearSession();
      return redirect(WEB_ROUTES.unauthorized);
    }
    return null;
  };
}

/** Any signed-in staff member; without an access token → /login, coming back here after. */
export function requireSignedIn({ request }: { request: Request }): Response | null {
  if (getSession().accessToken !== null) return null;
  const url = new URL(request.url);
  rememberReturnPath(`${url.pathname}${url.search}`);
  return redirect(WEB_ROUTES.login);
}

/** A signed-in user who opens /login goes to their home instead. */
export function redirectSignedInUser(): Response | null {
  const { accessToken, user } = getSession();
  return accessToken !== null && user !== null ? redirect(homePathFor(user.role)) : null;
}

/** Guarded pages render nothing once the session is gone, until the redirect below lands. */
export function RequireSession() {
  const { accessToken } = useSession();
  return accessToken === null ? null : <Outlet />;
}

/**
 * When the session ends while a guarded page is shown (logout, failed token refresh), go to
 * /login. This reads the router's own state rather than React's copy of it: while a navigation
 * is pending, that navigation's guard decides where to go (a role mismatch clears the session
 * on its way to /unauthorized and must not be overtaken by this redirect).
 */
export function useRedirectWhenSessionEnds(router: DataRouter): void {
  useEffect(() => {
    const check = () => {
      if (getSession().accessToken !== null) return;
      const { navigation, matches } = router.state;
      if (navigation.state !== 'idle') return;
      if (matches.some((match) => guardedIds.has(match.route.id))) {
        // An expired session returns here after sign-in; the login page says it expired.
        const { pathname, search } = router.state.location;
        noteSessionEnded(`${pathname}${search}`);
        void router.navigate(WEB_ROUTES.login, { replace: true });
      }
    };
    const stopSession = subscribeSession(check);
    const stopRouter = router.subscribe(check);
    return () => {
      stopSession();
      stopRouter();
    };
  }, [router]);
}
