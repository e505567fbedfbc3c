import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { getSession } from '#app/lib/session.ts';

async function openLogin() {
  const view = renderApp({ route: '/login' });
  await screen.findByRole('heading', { name: 'Login' });
  return {
    ...view,
    email: screen.getByLabelText('Email Id'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('login', () => {
  it('shows the login form with its labels, placeholders and a link to reset the password', async () => {
    const { email, password } = await openLogin();
    expect(email).toHaveAttribute('placeholder', 'Enter your mail id');
    expect(password).toHaveAttribute('placeholder', 'Enter your password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('staff member sees no message for a field they have not edited and left', async () => {
    const { user, email } = await openLogin();
    await user.click(email);
    await user.tab();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('staff member sees validation messages once a field has been edited and left', async () => {
    const { user, email, password } = await openLogin();

    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();

    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Invalid password')).toBeInTheDocument();

    await user.clear(password);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('staff member can reveal and hide the password', async () => {
    const { user, password } = await openLogin();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('submitting an invalid form sends nothing', async () => {
    const { calls } = mockFetch(() => success({}));
    const { user, email, password, submit } = await openLogin();
    await user.click(submit);
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, 'clara@example.org');
    await user.click(submit);
    // The form only moves focus to the first invalid field.
    await waitFor(() => expect(password).toHaveFocus());
    // The page asks which sign-ins the server offers; the form itself sent nothing.
    expect(calls.filter(({ url }) => url !== API_PATHS.sso.options)).toHaveLength(0);
  });

  it('clinician lands on the participants list after logging in', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(({ url }) =>
      url === API_PATHS.account.login ? success(loginFor(clinicianUser)) : success({}),
    );
    const { user, email, password, submit, router } = await openLogin();
    await user.type(email, '  clara.nguyen@example.org ');
    await user.type(password, 'correct horse battery');
    await user.click(submit);

    // The participants screen is a lazily loaded chunk; a cold, busy test run takes a while.
    expect(
      await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(bodyOf(calls.find(({ url }) => url === API_PATHS.account.login))).toEqual({
      user_name: 'clara.nguyen@example.org',
      password: 'correct horse battery',
    });
    expect(getSession()).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      user: clinicianUser,
    });
  });

  it('administrator lands on the clinicians screen after logging in', async () => {
    setCsrfCookie();
    mockFetch(() => success(loginFor(administratorUser)));
    const { user, email, password, router } = await openLogin();
    await user.type(email, 'adam.okafor@example.org');
    await user.type(password, 'correct horse battery{Enter}');

    // The administrator's screen is a lazily loaded chunk: slow to load on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Clinicians' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/home');
  });

  it('shows a loading indicator while logging in, and stops it when the call fails', async () => {
    setCsrfCookie();
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'clara@example.org');
    await user.type(password, 'correct horse battery');
    await user.click(submit);

    expect(await within(submit).findByRole('progressbar')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    answer(failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.'));
    await waitFor(() => expect(submit).toBeEnabled());
    expect(within(submit).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("the server's 'Invalid password' is shown on the password field, not as a toast", async () => {
    setCsrfCookie();
    mockFetch(() =>
      failure(401, 'UNAUTHENTICATED', MESSAGES.account.signInRefused, [
        { field: 'password', message: MESSAGES.account.invalidPassword },
      ]),
    );
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'clara@example.org');
    await user.type(password, 'wrong password');
    await user.click(submit);

    await waitFor(() => expect(password).toHaveAccessibleDescription('Invalid password'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getSession().accessToken).toBeNull();
  });

  it('any other login failure is shown as an error toast with the server message', async () => {
    setCsrfCookie();
    mockFetch(() => failure(401, 'UNAUTHENTICATED', 'The email or password is incorrect.'));
    const { user, email, password, submit, router } = await openLogin();
    await user.type(email, 'clara@example.org');
    await user.type(password, 'wrong password');
    await user.click(submit);

    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("a failure without a server message is toasted as 'Something went wrong!'", async () => {
    setCsrfCookie();
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'clara@example.org');
    await user.type(password, 'correct horse battery');
    await user.click(submit);

    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
  });

  it('a signed-in clinician who opens /login is taken to their home', async () => {
    const { router } = renderApp({ route: '/login', session: loginFor(clinicianUser) });
    // The participants screen is a lazily loaded chunk; a cold, busy test run takes a while.
    expect(
      await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
