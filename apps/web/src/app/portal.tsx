import { AppRouter, createPortalHistory } from './router';

// One per page. The router starts at the URL of its first render: the page's own, or the one the
// sign-in page moved to when it handed over (app.tsx).
const history = createPortalHistory();

/** The portal: every screen, behind its router. */
export function Portal() {
  return <AppRouter history={history} />;
}
