import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '@recovery-portal/contract/mfa';
import type { MfaChallenge, MfaEnrolment } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { getSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const VERIFY: MfaChallenge = {
  mfa: 'VERIFY',
  challenge_token: 'challenge-1',
  expires_in_seconds: 600,
};

const ENROLMENT: MfaEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Recovery%20Portal:clara?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  issuer: 'Recovery Portal',
  account_name: 'clara.nguyen@example.org',
};

function serve(handle: (call: FetchCall) => Response | undefined) {
  setCsrfCookie();
  return mockFetch((call) => handle(call) ?? success({}));
}

async function signInWithPassword() {
  const view = renderApp({ route: '/login' });
  // The login screen is a lazily loaded chunk; a cold, busy test run takes a while.
  await screen.findByRole('heading', { name: 'Login' }, { timeout: 10_000 });
  await view.user.type(screen.getByLabelText('Email Id'), 'clara.nguyen@example.org');
  await view.user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
  return view;
}

// The login screen, then the lazily loaded second step, then the participants screen.
describe('login with two-step sign-in', { timeout: 30_000 }, () => {
  it('asks for the code from the app after the password, then lands on the participants', async () => {
    const { calls } = serve(({ url }) => {
      if (url === API_PATHS.account.login) return success(VERIFY);
      if (url === API_PATHS.mfa.verify) return success(loginFor(clinicianUser));
      return undefined;
    });
    const { user, router } = await signInWithPassword();

    await screen.findByRole('heading', { name: 'Two-step sign-in' }, { timeout: 10_000 });
    // Nothing is stored until the code is accepted.
    expect(getSession().accessToken).toBeNull();
    const code = await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    await user.type(code, '123 456{Enter}');

    expect(
      await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const verify = calls.find((call) => call.url === API_PATHS.mfa.verify);
    expect(bodyOf(verify)).toEqual({ challenge_token: 'challenge-1', code: '123 456' });
    // A public call: no bearer token is sent with the code.
    expect(verify?.headers.authorization).toBeUndefined();
    expect(getSession().user).toEqual(clinicianUser);
  });

  it('a wrong code shows the server sentence at the field', async () => {
    serve(({ url }) => {
      if (url === API_PATHS.account.login) return success(VERIFY);
      if (url === API_PATHS.mfa.verify) {
        return failure(401, 'UNAUTHENTICATED', MFA_MESSAGES.codeInvalid);
      }
      return undefined;
    });
    const { user } = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 });
    await user.type(code, '000000{Enter}');
    expect(await screen.findByText(MFA_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(getSession().accessToken).toBeNull();
  });

  it('a staff member without their phone signs in with a recovery code', async () => {
    const { calls } = serve(({ url }) => {
      if (url === API_PATHS.account.login) return success(VERIFY);
      if (url === API_PATHS.mfa.verify) return success(loginFor(clinicianUser));
      return undefined;
    });
    const { user } = await signInWithPassword();
    await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const code = screen.getByLabelText('Recovery code');
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(code).toHaveAttribute('autocomplete', 'off');
    await user.type(code, 'ABCD-EFGH-JKLM{Enter}');
    await screen.findByRole('heading', { name: 'Participants' }, { timeout: 10_000 });
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.mfa.verify))).toEqual({
      challenge_token: 'challenge-1',
      code: 'ABCD-EFGH-JKLM',
    });
  });

  it('an expired sign-in goes back to the password step and says so', async () => {
    serve(({ url }) => {
      if (url === API_PATHS.account.login) return success(VERIFY);
      if (url === API_PATHS.mfa.verify) {
        return failure(401, 'UNAUTHENTICATED', MFA_MESSAGES.challengeExpired);
      }
      return undefined;
    });
    const { user } = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 });
    await user.type(code, '123456{Enter}');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByRole('status')).toHaveTextContent(MFA_MESSAGES.challengeExpired);
    // The email is kept; the password must be typed again.
    expect(screen.getByLabelText('Email Id')).toHaveValue('clara.nguyen@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('when an administrator requires it, the sign-in sets it up and shows the recovery codes once', async () => {
    const { calls } = serve(({ url }) => {
      if (url === API_PATHS.account.login) {
        return success({ ...VERIFY, mfa: 'ENROL', challenge_token: 'enrol-1' });
      }
      if (url === API_PATHS.mfa.enrolStart) return success(ENROLMENT);
      if (url === API_PATHS.mfa.enrolConfirm) {
        return success({
          ...loginFor(clinicianUser),
          recovery_codes: ['ABCDEFGHJKMN', 'PQRSTUVWXYZ2'],
        });
      }
      return undefined;
    });
    const { user, router } = await signInWithPassword();
    await screen.findByRole('form', { name: 'Set up two-step sign-in' }, { timeout: 10_000 });
    const qr = await screen.findByRole('img', { name: /QR code for Recovery Portal/ });
    expect(qr).toHaveAttribute('src', ENROLMENT.qr_code);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('ABCD-EFGH-JKMN');
    expect(list).toHaveTextContent('PQRS-TUVW-XYZ2');
    // The session starts once the codes have been seen.
    expect(getSession().accessToken).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession().user).toEqual(clinicianUser);
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.mfa.enrolStart))).toEqual({
      challenge_token: 'enrol-1',
    });
    expect(calls.filter((call) => call.url === API_PATHS.mfa.enrolStart)).toHaveLength(1);
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.mfa.enrolConfirm))).toEqual({
      challenge_token: 'enrol-1',
      code: '654321',
    });
  });
});
