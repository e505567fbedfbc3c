import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SSO_REFUSAL_MESSAGES } from '@recovery-portal/contract/sso-constants';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { getSession } from '#app/lib/session.ts';

function serverOffers(options: { sso_name: string | null; password_sign_in: boolean }) {
  return mockFetch(({ url }) => (url === API_PATHS.sso.options ? success(options) : success({})));
}

describe('login page with single sign-on', () => {
  it('offers "Sign in with …" that leads to the server, above the password form', async () => {
    serverOffers({ sso_name: 'Clinic Login', password_sign_in: true });
    renderApp({ route: '/login' });
    // The login screen is a lazily loaded chunk; a cold, busy test run takes a while.
    const button = await screen.findByRole(
      'link',
      { name: 'Sign in with Clinic Login' },
      { timeout: 10_000 },
    );
    expect(button).toHaveAttribute('href', API_PATHS.sso.start);
    expect(screen.getByLabelText('Email Id')).toBeInTheDocument();
  });

  it('shows no button when the server has no single sign-on', async () => {
    const { calls } = serverOffers({ sso_name: null, password_sign_in: true });
    renderApp({ route: '/login' });
    await screen.findByLabelText('Email Id');
    await waitFor(() => expect(calls.map(({ url }) => url)).toContain(API_PATHS.sso.options));
    // Let the answer render before asserting there is nothing.
    await waitFor(() => expect(screen.getByLabelText('Email Id')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('hides the password form with OIDC_ONLY, and shows it on the break-glass address', async () => {
    serverOffers({ sso_name: 'Clinic Login', password_sign_in: false });
    const view = renderApp({ route: '/login' });
    await screen.findByRole('link', { name: 'Sign in with Clinic Login' });
    expect(screen.queryByLabelText('Email Id')).not.toBeInTheDocument();
    view.unmount();
    renderApp({ route: '/login?password' });
    await screen.findByRole('link', { name: 'Sign in with Clinic Login' });
    expect(screen.getByLabelText('Email Id')).toBeInTheDocument();
  });

  it('says why the provider sign-in was refused', async () => {
    serverOffers({ sso_name: 'Clinic Login', password_sign_in: true });
    renderApp({ route: '/login?sso_error=account_suspended' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SSO_REFUSAL_MESSAGES.account_suspended,
    );
  });

  it('completes an accepted sign-in into the session and the home screen', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(({ url }) =>
      url === API_PATHS.sso.complete
        ? success({ result: loginFor(clinicianUser), end_session_url: 'http://idp.test/logout' })
        : success({}),
    );
    const { router } = renderApp({ route: '/login?sso=1' });
    expect(
      await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter(({ url }) => url === API_PATHS.sso.complete)).toHaveLength(1);
    expect(getSession().user).toEqual(clinicianUser);
    expect(sessionStorage.getItem('sso_end_session_url')).toBe('http://idp.test/logout');
  });

  it('shows the server sentence when the completion is refused', async () => {
    setCsrfCookie();
    mockFetch(() => failure(401, 'UNAUTHENTICATED', SSO_REFUSAL_MESSAGES.expired));
    renderApp({ route: '/login?sso=1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_REFUSAL_MESSAGES.expired);
    expect(screen.getByRole('link', { name: 'Back to the login page' })).toBeInTheDocument();
  });
});
