import { AppRouter, createAppRouter } from './router';

// Made when this module first loads, so the router starts at the URL of that moment: the page's
// own, or the one the sign-in page moved to when it handed over (app.tsx).
const router = createAppRouter();

/** The portal: every screen, behind its router. */
export function Portal() {
  return <AppRouter router={router} />;
}
