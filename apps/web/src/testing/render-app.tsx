import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, UNSAFE_createMemoryHistory } from 'react-router';
import type { RouteObject, To } from 'react-router';
import type { LoginResponse } from '@recovery-portal/contract/account';
import { AppProvider } from '#app/app/provider.tsx';
import { RouterNavigation } from '#app/app/layout/router-navigation.tsx';
import { AppRouter } from '#app/app/router.tsx';
import { startSession } from '#app/lib/session.ts';

/** A fresh client per test, without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

type RenderAppOptions = {
  /** The URL the app starts on. */
  route?: string;
  /** Signs this user in before the first render. */
  session?: LoginResponse;
};

/** Renders the whole portal (providers, layout, guards, lazy routes) at a URL. */
export function renderApp({ route = '/', session }: RenderAppOptions = {}) {
  if (session) startSession(session);
  const queryClient = createTestQueryClient();
  const history = UNSAFE_createMemoryHistory({ initialEntries: [route], v5Compat: true });
  // Where the app is, and a way to move it as the address bar would.
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: (to: To | number): Promise<void> => {
      act(() => (typeof to === 'number' ? history.go(to) : history.push(to)));
      return Promise.resolve();
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <AppRouter history={history} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}

/**
 * Renders one component inside the providers and a memory router. Extra routes let a test
 * see where the component navigated to.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    route = '/',
    path = '*',
    routes = [],
  }: { route?: string; path?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [{ path, element: <RouterNavigation>{ui}</RouterNavigation> }, ...routes],
    {
      initialEntries: [route],
    },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
