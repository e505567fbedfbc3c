import { lazy, startTransition, Suspense, useCallback, useState } from 'react';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { hasStoredUser } from '#app/lib/session.ts';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteLoading } from './layout/route-loading';

const SignInPage = lazy(async () => ({ default: (await import('./sign-in-page')).SignInPage }));
const Portal = lazy(async () => ({ default: (await import('./portal')).Portal }));

/**
 * A first visit to /login, with no one signed in on this tab, is what most sessions start with,
 * so it loads the sign-in page alone: without the router and the screens behind it (DESIGN §7:
 * 150 KB). Leaving that page (signed in, or by a link) hands over to the portal at the new URL;
 * the page stays on screen until the portal's code has arrived.
 */
export function startsOnSignInPage(): boolean {
  return window.location.pathname === WEB_ROUTES.login && !hasStoredUser();
}

export function App({ signInFirst }: { signInFirst: boolean }) {
  const [signingIn, setSigningIn] = useState(signInFirst);
  const leaveSignIn = useCallback((path: string, { replace }: { replace: boolean }) => {
    if (replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    startTransition(() => setSigningIn(false));
  }, []);
  return (
    <AppErrorBoundary>
      <Suspense fallback={<RouteLoading />}>
        {signingIn ? <SignInPage onLeave={leaveSignIn} /> : <Portal />}
      </Suspense>
    </AppErrorBoundary>
  );
}
