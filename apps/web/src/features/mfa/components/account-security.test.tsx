import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_MESSAGES } from '@recovery-portal/contract/mfa';
import type { MfaEnrolment, MfaPolicy, MfaStatus } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const OFF: MfaStatus = {
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required_for_staff: false,
};
const ON: MfaStatus = {
  enabled: true,
  enabled_at: '2025-03-01T09:00:00.000Z',
  recovery_codes_left: 10,
  required_for_staff: false,
};
const ENROLMENT: MfaEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Recovery%20Portal:adam?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  issuer: 'Recovery Portal',
  account_name: administratorUser.user_name,
};
const POLICY: MfaPolicy = {
  required_for_staff: false,
  staff: [
    {
      id: 1,
      first_name: 'Adam',
      last_name: 'Okafor',
      email: administratorUser.user_name,
      role: 'ADMINISTRATOR',
      status: 'ACTIVATED',
      mfa_enabled: true,
    },
    {
      id: 21,
      first_name: 'Maria',
      last_name: 'Lopez',
      email: 'maria.lopez@example.org',
      role: 'CLINICIAN',
      status: 'ACTIVATED',
      mfa_enabled: false,
    },
  ],
};

function serve(handle: (call: FetchCall) => Response | undefined) {
  setCsrfCookie();
  return mockFetch((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === API_PATHS.user.listClinicians) return success([]);
    if (call.url === API_PATHS.sessionPolicy) return success({ idle_timeout_minutes: 15 });
    if (call.url === API_PATHS.mfa.policy) return success(POLICY);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openSecurity() {
  const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
  await view.user.click(
    await screen.findByRole('button', { name: 'Sign-in security' }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Sign-in security' },
    { timeout: 10_000 },
  );
  return { ...view, dialog };
}

// Several lazily loaded chunks and many steps: generous on a busy 2-core machine.
describe('sign-in security', { timeout: 30_000 }, () => {
  it('a staff member sets up two-step sign-in and sees the recovery codes once', async () => {
    let status = OFF;
    const { calls } = serve(({ url }) => {
      if (url === API_PATHS.mfa.status) return success(status);
      if (url === API_PATHS.mfa.setup) return success(ENROLMENT);
      if (url === API_PATHS.mfa.confirm) {
        status = ON;
        return success({ recovery_codes: ['ABCDEFGHJKMN', 'PQRSTUVWXYZ2'] });
      }
      return undefined;
    });
    const { user, dialog } = await openSecurity();
    expect(await within(dialog).findByText(/Two-step sign-in is off/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set up two-step sign-in' }));

    const qr = await within(dialog).findByRole('img', { name: /QR code for Recovery Portal/ });
    expect(qr).toHaveAttribute('src', ENROLMENT.qr_code);
    expect(within(dialog).getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP');
    const code = within(dialog).getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12345{Enter}');
    expect(await within(dialog).findByText(MFA_MESSAGES.totpFormat)).toBeInTheDocument();
    await user.type(code, '6{Enter}');

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('ABCD-EFGH-JKMN');
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.mfa.confirm))).toEqual({
      code: '123456',
    });
    expect(within(dialog).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    expect(await within(dialog).findByText(/10 recovery codes left/)).toBeInTheDocument();
  });

  it('turning it off asks for the password and shows a wrong one at the field', async () => {
    let status = ON;
    const { calls } = serve(({ url, init }) => {
      if (url === API_PATHS.mfa.status) return success(status);
      if (url === API_PATHS.mfa.disable) {
        const body = JSON.parse(String(init.body)) as { password?: string };
        if (body.password !== 'right password') {
          return failure(422, 'UNPROCESSABLE', MFA_MESSAGES.proofInvalid);
        }
        status = OFF;
        return success({ message: MFA_MESSAGES.disabled });
      }
      return undefined;
    });
    const { user, dialog } = await openSecurity();
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off' }));
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'wrong password{Enter}');
    expect(await within(dialog).findByText(MFA_MESSAGES.proofInvalid)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'right password{Enter}');
    expect(await within(dialog).findByText(/Two-step sign-in is off/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === API_PATHS.mfa.disable)).toHaveLength(2);
  });

  it('while required for all staff, it cannot be turned off', async () => {
    serve(({ url }) =>
      url === API_PATHS.mfa.status ? success({ ...ON, required_for_staff: true }) : undefined,
    );
    const { dialog } = await openSecurity();
    expect(await within(dialog).findByText(MFA_MESSAGES.requiredCannotDisable)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeDisabled();
  });
});

describe('requiring two-step sign-in for all staff', () => {
  it('an administrator sees who has set it up and requires it for everyone', async () => {
    const { calls } = serve(({ url, init }) => {
      if (url === API_PATHS.mfa.policy && init.method === 'PUT') {
        return success({ ...POLICY, required_for_staff: true });
      }
      return undefined;
    });
    const { user } = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    // The list is folded away, so the clinicians table stays the screen's main table.
    await user.click(
      await screen.findByRole('button', { name: 'Show staff' }, { timeout: 10_000 }),
    );
    const table = await screen.findByRole(
      'table',
      { name: 'Two-step sign-in of staff' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, adam, maria] = within(table).getAllByRole('row');
    expect(adam).toHaveTextContent('On');
    expect(maria).toHaveTextContent('Off');
    expect(screen.getByText(/1 of 2 active staff has set up two-step sign-in/)).toBeVisible();

    const toggle = screen.getByRole('switch', { name: 'Require two-step sign-in for all staff' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = calls.find(
      (call) => call.url === API_PATHS.mfa.policy && call.init.method === 'PUT',
    );
    expect(bodyOf(put)).toEqual({ required_for_staff: true });
    expect(await screen.findByText(MFA_MESSAGES.requiredOn)).toBeInTheDocument();
  });

  it('the refusal for an administrator without it says what to do', async () => {
    serve(({ url, init }) =>
      url === API_PATHS.mfa.policy && init.method === 'PUT'
        ? failure(409, 'CONFLICT', MFA_MESSAGES.requireSelfFirst)
        : undefined,
    );
    const { user } = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    const toggle = await screen.findByRole(
      'switch',
      { name: 'Require two-step sign-in for all staff' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(MFA_MESSAGES.requireSelfFirst)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
