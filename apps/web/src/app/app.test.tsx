import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { startSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { createTestQueryClient } from '#app/testing/render-app.tsx';

/**
 * The portal's router is made when its module first loads, once per page. Each test is a new
 * page: fresh modules, at its own URL.
 */
async function openPage(path: string) {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  const [{ App, startsOnSignInPage }, { AppProvider }] = await Promise.all([
    import('./app'),
    import('./provider'),
  ]);
  const signInFirst = startsOnSignInPage();
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <App signInFirst={signInFirst} />
    </AppProvider>,
  );
  return { user, signInFirst };
}

describe('the first-load sign-in page', () => {
  beforeEach(() => {
    setCsrfCookie();
  });

  it('is what a first visit to /login draws; other addresses, or a signed-in tab, get the portal', async () => {
    window.history.replaceState(null, '', WEB_ROUTES.login);
    const { startsOnSignInPage } = await import('./app');
    expect(startsOnSignInPage()).toBe(true);
    window.history.replaceState(null, '', WEB_ROUTES.participants);
    expect(startsOnSignInPage()).toBe(false);
    window.history.replaceState(null, '', WEB_ROUTES.login);
    startSession(loginFor(clinicianUser));
    expect(startsOnSignInPage()).toBe(false);
  });

  it('signs a clinician in without the router, then hands over to the portal at their home', async () => {
    mockFetch(({ url }) =>
      url === API_PATHS.account.login ? success(loginFor(clinicianUser)) : success({}),
    );
    const { user, signInFirst } = await openPage(WEB_ROUTES.login);
    expect(signInFirst).toBe(true);
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email Id'), 'clara.nguyen@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');

    // The portal and its participants screen are lazily loaded chunks: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    // The portal's own parts arrived with it: the main menu and the Logout button.
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('"Forgot password?" opens the reset page in the portal, and Back returns to the login form', async () => {
    mockFetch(() => success({}));
    const { user } = await openPage(WEB_ROUTES.login);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(
      await screen.findByRole('heading', { name: 'Reset Password' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe(WEB_ROUTES.resetPassword);
    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(WEB_ROUTES.login);
  });

  it('when the portal cannot be loaded (a new release replaced its files), the page offers a reload', async () => {
    mockFetch(() => success({}));
    vi.doMock('./portal', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    // React reports the error the boundary caught; that report is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { user } = await openPage(WEB_ROUTES.login);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.generic);
    vi.mocked(console.error).mockClear();
    vi.doUnmock('./portal');
  });
});
