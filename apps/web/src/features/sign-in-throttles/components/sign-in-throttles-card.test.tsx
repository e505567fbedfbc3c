import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { THROTTLE_MESSAGES } from '@recovery-portal/contract/sign-in-throttles';
import type { SignInThrottle } from '@recovery-portal/contract/sign-in-throttles';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const WAITING: SignInThrottle = {
  email: 'maria.lopez@example.org',
  client_address: '203.0.113.9',
  trusted_browser: false,
  failures: 6,
  last_failure_at: '2025-03-01T09:00:00.000Z',
  waits_until: '2025-03-01T09:02:00.000Z',
};
const ADDRESS: SignInThrottle = {
  email: null,
  client_address: '198.51.100.4',
  trusted_browser: false,
  failures: 21,
  last_failure_at: '2025-03-01T09:01:00.000Z',
  waits_until: null,
};
const TRUSTED: SignInThrottle = {
  email: 'sam.okafor@example.org',
  client_address: '198.51.100.4',
  trusted_browser: true,
  failures: 2,
  last_failure_at: '2025-03-01T09:01:30.000Z',
  waits_until: null,
};

describe('sign-in throttles card', { timeout: 30_000 }, () => {
  it('lists who waits and clears one, sending the account and address of the row', async () => {
    setCsrfCookie();
    let rows = [WAITING, ADDRESS, TRUSTED];
    const { calls } = mockFetch(({ url, init }) => {
      if (url === API_PATHS.staff.signInThrottles) return success(rows);
      if (url === API_PATHS.staff.signInThrottlesClear && init.method === 'POST') {
        rows = [ADDRESS, TRUSTED];
        return success({ cleared: 6, message: THROTTLE_MESSAGES.cleared });
      }
      if (url === API_PATHS.user.listClinicians) return success([]);
      if (url === API_PATHS.sessionPolicy) return success({ idle_timeout_minutes: 15 });
      return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
    });
    const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    const table = await screen.findByRole(
      'table',
      { name: 'Sign-in throttles' },
      { timeout: 10_000 },
    );
    expect(await within(table).findByText(WAITING.email ?? '')).toBeInTheDocument();
    expect(within(table).getByText('Every account (this address tried many)')).toBeInTheDocument();
    expect(within(table).getByText(/^Waits until/)).toBeInTheDocument();
    // A trusted browser's failures are a row of their own, marked as such.
    const trustedRow = within(table)
      .getByText(TRUSTED.email ?? '')
      .closest('tr');
    expect(trustedRow && within(trustedRow).getByText(/^Trusted/)).toBeInTheDocument();
    expect(within(table).getAllByText('Untrusted')).toHaveLength(2);

    await view.user.click(
      within(table).getByRole('button', {
        name: `Clear the failed sign-ins of ${WAITING.email ?? ''} from ${WAITING.client_address}`,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText(THROTTLE_MESSAGES.cleared)).toBeInTheDocument();
    const clearCall = calls.find((call) => call.url === API_PATHS.staff.signInThrottlesClear);
    expect(clearCall && bodyOf(clearCall)).toEqual({
      email: WAITING.email,
      client_address: WAITING.client_address,
    });
    await waitFor(() => expect(within(table).queryByText(WAITING.email ?? '')).toBeNull());
  });

  it('says so when the list cannot be fetched', async () => {
    setCsrfCookie();
    mockFetch(({ url }) => {
      if (url === API_PATHS.staff.signInThrottles) return failure(500, 'INTERNAL_ERROR', 'Boom.');
      if (url === API_PATHS.user.listClinicians) return success([]);
      if (url === API_PATHS.sessionPolicy) return success({ idle_timeout_minutes: 15 });
      return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
    });
    renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    expect(
      await screen.findByText(THROTTLE_MESSAGES.fetchError, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
