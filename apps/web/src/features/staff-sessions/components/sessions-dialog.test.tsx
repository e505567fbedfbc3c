import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Clinician, StaffSession } from '@recovery-portal/contract/clinicians';
import { SESSION_MESSAGES } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// Lazy route chunks and the snackbar host load on first use, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const MARIA: Clinician = {
  id: 21,
  first_name: 'Maria',
  last_name: 'Lopez',
  email: 'maria.lopez@example.org',
  dea_reg_id: 'REG-1001',
  status: 'ACTIVATED',
};

const LAPTOP: StaffSession = {
  id: '0b7d5f8e-8a53-4c44-9a55-1c4b1d2a3e01',
  created_at: '2025-03-01T08:00:00.000Z',
  last_used_at: '2025-03-01T09:15:00.000Z',
  expires_at: '2025-03-31T08:00:00.000Z',
  client_address: '10.0.0.1',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
};
const PHONE: StaffSession = {
  ...LAPTOP,
  id: '6f0c3b1d-2e7a-4f4b-8d9e-0a1b2c3d4e5f',
  created_at: '2025-03-02T07:00:00.000Z',
  client_address: '10.0.0.2',
  user_agent: '<b>Phone</b> Safari',
};

type Handler = (call: FetchCall) => Response;

function serve(handlers: Partial<Record<string, Handler>> = {}) {
  setCsrfCookie();
  let sessions = [LAPTOP, PHONE];
  return mockFetch((call) => {
    const method = call.init.method ?? 'GET';
    const handler = handlers[`${method} ${call.url}`];
    if (handler) return handler(call);
    if (call.url === API_PATHS.user.listClinicians) return success([MARIA]);
    if (call.url === API_PATHS.staff.sessions(MARIA.id) && method === 'GET') {
      return success(sessions);
    }
    if (call.url === API_PATHS.staff.session(MARIA.id, LAPTOP.id) && method === 'DELETE') {
      sessions = sessions.filter((session) => session.id !== LAPTOP.id);
      return success({ revoked: 1, message: SESSION_MESSAGES.revoked });
    }
    if (call.url === API_PATHS.staff.sessions(MARIA.id) && method === 'DELETE') {
      const revoked = sessions.length;
      sessions = [];
      return success({ revoked, message: SESSION_MESSAGES.revokedAll });
    }
    return failure(404, 'NOT_FOUND', 'Nope.');
  });
}

async function openSessions() {
  const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
  const table = await screen.findByRole('table', { name: 'Clinicians' });
  await view.user.click(
    await within(table).findByRole('button', { name: 'Sessions of clinician Maria Lopez' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Sessions of Maria Lopez' });
  const sessions = within(dialog).getByRole('table', { name: 'Sessions of Maria Lopez' });
  await within(sessions).findByText('10.0.0.1');
  return { ...view, dialog, sessions };
}

async function expectSnackbar(text: string, variant: 'success' | 'error') {
  const snackbar = await waitFor(() => {
    const found = screen
      .getAllByRole('alert', { hidden: true })
      .find((alert) => alert.classList.contains('notistack-MuiContent'));
    expect(found).toHaveTextContent(text);
    return found;
  });
  expect(snackbar).toHaveClass(`notistack-MuiContent-${variant}`);
}

const deletes = (calls: FetchCall[]) =>
  calls.filter((call) => call.init.method === 'DELETE').map((call) => call.url);

describe('sessions dialog', () => {
  it("administrator opens a clinician's sessions and sees when, from where and which browser", async () => {
    serve();
    const { sessions } = await openSessions();
    expect(
      within(sessions)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Signed in', 'Last used', 'Address', 'Browser', 'Action']);
    const [, laptop, phone] = within(sessions).getAllByRole('row');
    expect(laptop).toHaveTextContent('10.0.0.1');
    expect(laptop).toHaveTextContent('Firefox/128.0');
    // A user agent is text, whatever it contains.
    expect(phone).toHaveTextContent('<b>Phone</b> Safari');
    expect(phone?.querySelector('b')).toBeNull();
  });

  it('revoking one session asks first, then revokes only that one and refreshes the list', async () => {
    const { calls } = serve();
    const { dialog, sessions, user } = await openSessions();
    const [, laptop] = within(sessions).getAllByRole('row');
    await user.click(within(laptop!).getByRole('button', { name: /^Revoke the session/ }));

    const confirm = await screen.findByRole('dialog', { name: 'Revoke this session?' });
    expect(confirm).toHaveTextContent('from 10.0.0.1 is signed out at once');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revoke this session?' })).toBeNull(),
    );
    expect(deletes(calls)).toEqual([]);

    await user.click(within(laptop!).getByRole('button', { name: /^Revoke the session/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this session?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    await expectSnackbar(SESSION_MESSAGES.revoked, 'success');
    expect(deletes(calls)).toEqual([API_PATHS.staff.session(MARIA.id, LAPTOP.id)]);
    await waitFor(() => expect(within(dialog).queryByText('10.0.0.1')).toBeNull());
    expect(within(dialog).getByText('10.0.0.2')).toBeInTheDocument();
  });

  it('Revoke all asks first, ends every session and leaves an empty list', async () => {
    const { calls } = serve();
    const { dialog, user } = await openSessions();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Revoke all sessions of Maria Lopez?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await expectSnackbar(SESSION_MESSAGES.revokedAll, 'success');
    expect(deletes(calls)).toEqual([API_PATHS.staff.sessions(MARIA.id)]);
    expect(await within(dialog).findByText('No active sessions.')).toBeInTheDocument();
    // Once the confirmation has closed, the dialog is in reach again.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Revoke all' })).toBeDisabled(),
    );
  });

  it("a refused revocation shows the server's sentence as an error", async () => {
    serve({
      [`DELETE ${API_PATHS.staff.session(MARIA.id, LAPTOP.id)}`]: () =>
        failure(404, 'NOT_FOUND', SESSION_MESSAGES.sessionNotFound),
    });
    const { sessions, user } = await openSessions();
    const [, laptop] = within(sessions).getAllByRole('row');
    await user.click(within(laptop!).getByRole('button', { name: /^Revoke the session/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this session?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    await expectSnackbar(SESSION_MESSAGES.sessionNotFound, 'error');
  });

  it('a list that cannot be fetched says so inside the dialog', async () => {
    serve({
      [`GET ${API_PATHS.staff.sessions(MARIA.id)}`]: () =>
        failure(503, 'SERVICE_UNAVAILABLE', 'Down.'),
    });
    const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    const table = await screen.findByRole('table', { name: 'Clinicians' });
    await view.user.click(
      await within(table).findByRole('button', { name: 'Sessions of clinician Maria Lopez' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of Maria Lopez' });
    expect(await within(dialog).findByText(SESSION_MESSAGES.fetchError)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
