import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

describe('reset password', () => {
  it('starts on the email step; SEND OTP stays disabled until the email is valid', async () => {
    const { user } = renderApp({ route: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    const sendOtp = screen.getByRole('button', { name: 'SEND OTP' });
    expect(sendOtp).toBeDisabled();
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Email Id'), 'clara@example');
    expect(sendOtp).toBeDisabled();
    await user.type(screen.getByLabelText('Email Id'), '.org');
    await waitFor(() => expect(sendOtp).toBeEnabled());
  });

  it('after the code is sent, a toast confirms it and the new-password step appears with an editable code', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(() => success({ message: 'Activation code sent successfully' }));
    const { user } = renderApp({ route: '/reset-password' });
    await user.type(await screen.findByLabelText('Email Id'), 'clara@example.org');
    await user.click(screen.getByRole('button', { name: 'SEND OTP' }));

    expect(await screen.findByText('Activation code sent successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe(API_PATHS.account.sendCode);
    expect(bodyOf(calls[0])).toEqual({ user_name: 'clara@example.org' });
    expect(screen.getByLabelText('Email Id')).toHaveValue('clara@example.org');
    expect(screen.getByLabelText('Activation Code')).not.toHaveAttribute('readonly');
    expect(screen.getByText(PASSWORD_POLICY_MESSAGES.hint)).toBeInTheDocument();
  });

  it('a failed send shows the server message as an error toast and stays on the email step', async () => {
    setCsrfCookie();
    mockFetch(() => failure(429, 'RATE_LIMITED', 'Too many requests. Please slow down.'));
    const { user } = renderApp({ route: '/reset-password' });
    await user.type(await screen.findByLabelText('Email Id'), 'clara@example.org');
    await user.click(screen.getByRole('button', { name: 'SEND OTP' }));
    expect(await screen.findByText('Too many requests. Please slow down.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('the emailed link opens the new-password step with the account and a read-only code', async () => {
    renderApp({ route: '/reset-password?user_name=clara%40example.org&login_code=483920' });
    expect(await screen.findByRole('heading', { name: 'Create New Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Id')).toHaveValue('clara@example.org');
    const code = screen.getByLabelText('Activation Code');
    expect(code).toHaveValue('483920');
    expect(code).toHaveAttribute('readonly');
  });

  it('with only user_name in the link, the code can be typed by hand', async () => {
    const { user } = renderApp({ route: '/reset-password?user_name=clara%40example.org' });
    const code = await screen.findByLabelText('Activation Code');
    expect(code).not.toHaveAttribute('readonly');
    await user.type(code, '123456');
    expect(code).toHaveValue('123456');
  });

  it('differing passwords are refused at the confirmation field, and nothing is sent', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(() => success({}));
    const { user, router } = renderApp({
      route: '/reset-password?user_name=clara%40example.org&login_code=483920',
    });
    await user.type(await screen.findByLabelText('New Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm New Password'), 'correct horse batterx');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));

    const confirm = screen.getByLabelText('Confirm New Password');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it.each([
    ['a short password', 'Short-pw1', PASSWORD_POLICY_MESSAGES.tooShort],
    [
      'a common password',
      'password1234',
      PASSWORD_POLICY_MESSAGES.weak('it is close to a commonly used password'),
    ],
    [
      "a password made of the account's email",
      'Clara@Example.org1',
      PASSWORD_POLICY_MESSAGES.weak(
        'it contains the name of the portal or a part of the account’s email',
      ),
    ],
  ])('%s is refused on its field with the reason, and nothing is sent', async (_l, typed, why) => {
    setCsrfCookie();
    const { calls } = mockFetch(() => success({}));
    const { user } = renderApp({
      route: '/reset-password?user_name=clara%40example.org&login_code=483920',
    });
    const password = await screen.findByLabelText('New Password');
    await user.type(password, typed);
    await user.type(screen.getByLabelText('Confirm New Password'), typed);
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(why));
    expect(calls).toHaveLength(0);
  });

  it('a successful reset toasts and returns to /login', async () => {
    setCsrfCookie();
    const { calls } = mockFetch(() => success({ message: 'Password set successfully' }));
    const { user, router } = renderApp({
      route: '/reset-password?user_name=clara%40example.org&login_code=483920',
    });
    await user.type(await screen.findByLabelText('New Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm New Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));

    expect(await screen.findByText('Password set successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0]?.url).toBe(API_PATHS.account.signup);
    expect(bodyOf(calls[0])).toEqual({
      user_name: 'clara@example.org',
      login_code: '483920',
      password: 'correct horse battery',
    });
  });

  it('a refused code shows the server message as an error toast', async () => {
    setCsrfCookie();
    mockFetch(() =>
      failure(400, 'VALIDATION_ERROR', 'The activation code is invalid or has expired.'),
    );
    const { user, router } = renderApp({
      route: '/reset-password?user_name=clara%40example.org&login_code=000000',
    });
    await user.type(await screen.findByLabelText('New Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm New Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));

    expect(
      await screen.findByText('The activation code is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
