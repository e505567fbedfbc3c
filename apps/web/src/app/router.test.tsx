import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clearSession, getSession } from '#app/lib/session.ts';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

describe('route guards', () => {
  it('a visitor without a session who opens a clinician page is sent to /login', async () => {
    const { router } = renderApp({ route: '/nudges' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a visitor without a session who opens the admin page is sent to /login', async () => {
    const { router } = renderApp({ route: '/admin/home' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('an administrator who opens a clinician page is logged out and sees UNAUTHORIZED', async () => {
    const { router } = renderApp({ route: '/participants', session: loginFor(administratorUser) });
    expect(await screen.findByRole('heading', { name: 'UNAUTHORIZED' })).toBeInTheDocument();
    expect(screen.getByText('401')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(getSession().accessToken).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('a clinician who opens the admin page is logged out and sees UNAUTHORIZED', async () => {
    const { router } = renderApp({ route: '/admin/home', session: loginFor(clinicianUser) });
    expect(await screen.findByRole('heading', { name: 'UNAUTHORIZED' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('a clinician who navigates to the admin page in the app is logged out and sees UNAUTHORIZED', async () => {
    const { router } = renderApp({ route: '/nudges', session: loginFor(clinicianUser) });
    await screen.findByRole('heading', { name: 'Nudges' });
    await router.navigate('/admin/home');
    expect(await screen.findByRole('heading', { name: 'UNAUTHORIZED' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('each clinician route shows its screen', async () => {
    const { router } = renderApp({ route: '/participants', session: loginFor(clinicianUser) });
    expect(await screen.findByRole('heading', { name: 'Participants' })).toBeInTheDocument();
    const screens: [string, string][] = [
      ['/', 'Participants'],
      ['/nudges', 'Nudges'],
      ['/nudge-details/4', 'Nudge details'],
      ['/coach', 'Coach'],
      ['/participant-details/12', 'Participant details'],
    ];
    for (const [path, heading] of screens) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    }
  });

  it('the public pages open without a session', async () => {
    const { router } = renderApp({ route: '/how-to-delete-account' });
    expect(
      await screen.findByRole('heading', { name: 'How to delete your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/up to 90 days/)).toBeInTheDocument();
    await router.navigate('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    await router.navigate('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('an unknown address shows a not-found page', async () => {
    renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('when the session ends while a page is open (failed refresh), the page gives way to /login', async () => {
    const { router } = renderApp({ route: '/coach', session: loginFor(clinicianUser) });
    await screen.findByRole('heading', { name: 'Coach' });
    // What the API client does when the server refuses to refresh the tokens.
    act(() => clearSession());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('header and main menu', () => {
  it('a signed-out visitor sees only the logo', async () => {
    renderApp({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Recovery Portal home' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Participant type' })).not.toBeInTheDocument();
  });

  it('the main menu selection follows the URL', async () => {
    const { router } = renderApp({ route: '/', session: loginFor(clinicianUser) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const selected = () =>
      within(menu)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);

    await waitFor(() => expect(selected()).toEqual(['Participants']));
    const expectations: [string, string][] = [
      ['/nudges', 'Nudges'],
      ['/participant-details/3', 'Participants'],
      ['/coach', 'Coach'],
      ['/participants', 'Participants'],
      ['/nudge-details/9', 'Nudges'],
    ];
    for (const [path, item] of expectations) {
      await router.navigate(path);
      await waitFor(() => expect(selected()).toEqual([item]));
    }
  });

  it('clinician moves between screens with the main menu', async () => {
    const { user, router } = renderApp({ route: '/', session: loginFor(clinicianUser) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Coach' }));
    expect(await screen.findByRole('heading', { name: 'Coach' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/coach');
  });

  it('clinician sees the Internal, Pilot and Demo tabs, Internal first, and the choice sticks', async () => {
    const { user } = renderApp({ route: '/', session: loginFor(clinicianUser) });
    const tabs = await screen.findByRole('tablist', { name: 'Participant type' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Internal', 'Pilot', 'Demo']);
    expect(within(tabs).getByRole('tab', { name: 'Internal' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Demo' }));
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Demo' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(window.sessionStorage.getItem('participant_type')).toBe('Demo');
  });

  it('the participant-type tab is in the URL: a shared link opens it, and the menu keeps it', async () => {
    const { calls } = mockFetch(() => success({ users: [], total_participants: 0 }));
    const { user, router } = renderApp({
      route: '/participants?status=SUSPENDED&type=Pilot',
      session: loginFor(clinicianUser),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Participant type' });
    expect(within(tabs).getByRole('tab', { name: 'Pilot' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const listedTypes = () =>
      calls
        .filter((call) => call.url === API_PATHS.user.list)
        .map((call) => (bodyOf(call) as { type?: string }).type);
    await waitFor(() => expect(listedTypes()).toContain('Pilot'));
    expect(listedTypes()).not.toContain('Internal');

    // Choosing a tab writes it to the URL beside the other list state, on page 1.
    await router.navigate('/participants?status=SUSPENDED&type=Pilot&page=3');
    await user.click(within(tabs).getByRole('tab', { name: 'Demo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=SUSPENDED&type=Demo'));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Nudges' })).toHaveAttribute(
        'href',
        '/nudges?type=Demo',
      ),
    );
    expect(screen.getByRole('link', { name: 'Recovery Portal home' })).toHaveAttribute(
      'href',
      '/?type=Demo',
    );
    // Internal, the default, is left out of the URL; Back returns to the tab before.
    await user.click(within(tabs).getByRole('tab', { name: 'Internal' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=SUSPENDED'));
    act(() => {
      void router.navigate(-1);
    });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Demo' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it('administrator sees the Clinicians, Audit log, FHIR clients and API docs menu but no tabs, and the logo leads to /admin/home', async () => {
    renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    await screen.findByRole('heading', { name: 'Clinicians' });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recovery Portal home' })).toHaveAttribute(
      'href',
      '/admin/home',
    );
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Clinicians', 'Audit log', 'FHIR clients', 'API docs']);
    expect(within(menu).getByRole('link', { name: 'Clinicians' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('logout revokes the refresh token, clears the session and the cache, and shows /login', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(() => success({ message: 'You have been logged out.' }));
    const { user, router, queryClient } = renderApp({
      route: '/nudges',
      session: loginFor(clinicianUser),
    });
    queryClient.setQueryData(['participants'], ['cached']);
    const tabs = await screen.findByRole('tablist', { name: 'Participant type' });
    await user.click(within(tabs).getByRole('tab', { name: 'Pilot' }));

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The page's own list call may come first; the logout call is the one that matters here.
    const logoutCall = calls.find((call) => call.url === API_PATHS.account.logout);
    expect(logoutCall?.headers.authorization).toBe('Bearer access-1');
    expect(bodyOf(logoutCall)).toEqual({ refresh_token: 'refresh-1' });
    expect(window.sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(['participants'])).toBeUndefined();
  });

  it('logout still ends the session when the server cannot be reached', async () => {
    setCsrfCookie();
    mockFetch(() => failure(503, 'SERVICE_UNAVAILABLE', 'Down.'));
    const { user, router } = renderApp({ route: '/', session: loginFor(clinicianUser) });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().accessToken).toBeNull();
  });

  it('after logout the participant-type tab is back to Internal', async () => {
    setCsrfCookie();
    mockFetch(({ url }) =>
      url === API_PATHS.account.login ? success(loginFor(clinicianUser, '2')) : success({}),
    );
    const { user } = renderApp({ route: '/', session: loginFor(clinicianUser) });
    const tabs = await screen.findByRole('tablist', { name: 'Participant type' });
    await user.click(within(tabs).getByRole('tab', { name: 'Pilot' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Login' });

    await user.type(screen.getByLabelText('Email Id'), 'clara.nguyen@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    const newTabs = await screen.findByRole('tablist', { name: 'Participant type' });
    expect(within(newTabs).getByRole('tab', { name: 'Internal' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
