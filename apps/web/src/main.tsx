// First: no zod schema may be built before zod is told not to use eval (see the module).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startsOnSignInPage } from './app/app';
import { AppProvider } from './app/provider';
import { createQueryClient } from './lib/query-client';
import { hasStoredUser, loadSessionValidation } from './lib/session';

async function start(container: HTMLElement) {
  // The route guards read the stored user, so a signed-in reload checks it against the contract
  // first; a visit without a session (the /login first load) skips this download. If the check
  // cannot load, the stored user counts as absent and the guards ask for a new login.
  if (hasStoredUser()) await loadSessionValidation().catch(() => undefined);
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <App signInFirst={startsOnSignInPage()} />
      </AppProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');
void start(container);
