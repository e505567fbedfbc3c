import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';
import { noteSessionEnded, rememberReturnPath } from '#app/lib/return-after-sign-in.ts';
import { clearSession, getSession, homePathFor, useSession } from '#app/lib/session.ts';
import type { Session } from '#app/lib/session.ts';

type Verdict = 'show' | 'sign-in' | 'unauthorized' | 'session-ended';

/** Spec §2/§6, on entering the guarded pages: no access token → /login; another role → /unauthorized. */
function entryVerdict({ accessToken, user }: Session, role: StaffRole | null): Verdict {
  if (accessToken === null) return 'sign-in';
  return role !== null && user?.role !== role ? 'unauthorized' : 'show';
}

/**
 * Layout route of the pages for `role` (null: any signed-in staff member). It decides before
 * its pages render, so a denied page never loads or shows anything. A stored user of another
 * role is logged out on the way to /unauthorized; a visitor without a session comes back here
 * after signing in. When the session ends while a page is shown (logout, failed token refresh),
 * the page gives way to /login. Give each use its own `key`, so entering another role's pages
 * decides afresh.
 */
export function RequireRole({ role }: { role: StaffRole | null }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Fixed on entry: the logout that a denial causes must not count as a session that ended.
  const [entry] = useState(() => entryVerdict(session, role));
  const verdict: Verdict =
    entry === 'show' && session.accessToken === null ? 'session-ended' : entry;

  useEffect(() => {
    if (verdict === 'show') return;
    const here = `${pathname}${search}`;
    if (verdict === 'sign-in') rememberReturnPath(here);
    // An expired session returns here after sign-in; the login page says it expired.
    if (verdict === 'session-ended') noteSessionEnded(here);
    if (verdict === 'unauthorized') clearSession();
    const to = verdict === 'unauthorized' ? WEB_ROUTES.unauthorized : WEB_ROUTES.login;
    void navigate(to, { replace: true });
  }, [verdict, pathname, search, navigate]);

  return verdict === 'show' ? <Outlet /> : null;
}

/**
 * A signed-in user who opens /login goes to their home instead. Decided on arrival: signing in
 * on the page moves on by itself, to the page asked for first.
 */
export function RedirectSignedInUser() {
  const [home] = useState(() => {
    const { accessToken, user } = getSession();
    return accessToken !== null && user !== null ? homePathFor(user.role) : null;
  });
  return home === null ? <Outlet /> : <Navigate to={home} replace />;
}
