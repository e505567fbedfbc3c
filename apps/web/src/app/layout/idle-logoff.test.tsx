import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { getSession } from '#app/lib/session.ts';

function serve() {
  setCsrfCookie();
  return mockFetch(({ url }) => {
    if (url === API_PATHS.sessionPolicy) return success({ idle_timeout_minutes: 2 });
    if (url === API_PATHS.account.token) {
      return success({ access_token: 'access-2', refresh_token: 'refresh-2' });
    }
    if (url === API_PATHS.account.logout) return success({ message: 'You have been logged out.' });
    if (url === API_PATHS.user.listClinicians) return success([]);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openSignedIn() {
  const { calls } = serve();
  const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
  // The screen is a lazily loaded chunk; a cold, busy test run takes a while.
  await screen.findByRole('heading', { name: 'Clinicians' }, { timeout: 10_000 });
  await waitFor(() =>
    expect(calls.some((call) => call.url === API_PATHS.sessionPolicy)).toBe(true),
  );
  // The timer restarts with the server's period once it has arrived.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
  return { ...view, calls };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('idle logoff', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns a minute before the idle period ends, and Stay signed in keeps the session', async () => {
    const { calls, user } = await openSignedIn();
    await advance(59_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(2_000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(/signed out in (59|60) seconds/);
    await advance(10_000);
    expect(dialog).toHaveTextContent(/signed out in (49|50) seconds/);

    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Activity renews the session on the server, which refuses sessions left unused.
    await waitFor(() => expect(getSession().refreshToken).toBe('refresh-2'));
    expect(calls.filter((call) => call.url === API_PATHS.account.token)).toHaveLength(1);
    expect(calls.some((call) => call.url === API_PATHS.account.logout)).toBe(false);
  });

  it('after the idle period the portal logs out, revokes the session and says why', async () => {
    const { calls, router } = await openSignedIn();
    await advance(61_000);
    await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    await advance(60_000);

    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(
      screen.getByText('You were signed out after 2 minutes without activity.'),
    ).toBeInTheDocument();
    const logout = calls.find((call) => call.url === API_PATHS.account.logout);
    expect(bodyOf(logout)).toEqual({ refresh_token: 'refresh-1' });
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
  });

  it('activity in another tab keeps this tab signed in', async () => {
    const { calls } = await openSignedIn();
    const otherTab = new BroadcastChannel('recovery-portal-activity');
    try {
      await advance(50_000);
      otherTab.postMessage({ type: 'activity', at: Date.now(), sessionId: 'another-session' });
      // The message arrives on a later turn of the event loop, as between real tabs.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      // Without it the warning would show at 60 s; the other tab's activity moved it to 110 s.
      await advance(50_000);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await advance(20_000);
      expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
      expect(calls.some((call) => call.url === API_PATHS.account.logout)).toBe(false);
    } finally {
      otherTab.close();
    }
  });
});
