import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import {
  bodyOf,
  failure,
  jsonResponse,
  mockFetch,
  setCsrfCookie,
  success,
} from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// A page of MUI table rows renders slowly in jsdom on a busy machine; give each wait room.
configure({ asyncUtilTimeout: 5_000 });

const GROUPS = [
  { id: 1, name: 'CZ' },
  { id: 2, name: 'North Clinic' },
];

const INVITED = {
  id: 40,
  first_name: 'Ana',
  last_name: 'Lima',
  user_name: 'ana.lima@example.org',
  birth_date: null,
  mrn: 'RP-00417',
  type: 'Internal',
  group: 'CZ',
  tracker_connected: null,
  last_app_open: null,
  active_session_count: null,
  coach_chat_count: null,
  coach_call_count: null,
  nudge_open_count: null,
  invited_on: '2025-03-01T09:00:00.000Z',
  joined_on: null,
  status: 'PENDING_ACTIVATION',
  can_remind: false,
  last_reminded_at: null,
  next_remind_date: null,
  open_flag_count: 0,
  top_open_severity: null,
  last_reviewed_at: null,
  last_reviewed_by: null,
  last_telemetry_at: null,
  responsible: null,
  next_task_due_on: null,
};

type Handler = (call: FetchCall) => Response;

function serve({ groups, create }: { groups?: Handler; create?: Handler } = {}) {
  return mockFetch((call) => {
    if (call.url === API_PATHS.user.list) return success({ users: [], total_participants: 0 });
    if (call.url === API_PATHS.user.groups) return groups ? groups(call) : success(GROUPS);
    if (call.url === API_PATHS.user.create) return create ? create(call) : success(INVITED);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openInvite() {
  setCsrfCookie();
  const view = renderApp({ route: '/participants', session: loginFor(clinicianUser) });
  // The first test of the file also waits for the lazily loaded route to compile.
  await screen.findByText('No data available', undefined, { timeout: 10_000 });
  await view.user.click(screen.getByRole('button', { name: 'Invite New Participant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite New Participant' });
  const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
  return {
    ...view,
    dialog,
    name: field(/^Name/),
    email: field(/^Email Id/),
    phone: within(dialog).getByRole('textbox', { name: /^Phone Number/ }),
    type: within(dialog).getByRole('combobox', { name: /^User Type/ }),
    group: within(dialog).getByRole('combobox', { name: /^User Group/ }),
    send: within(dialog).getByRole('button', { name: 'Send Invitation' }),
  };
}

async function expectSnackbar(text: string, variant: 'success' | 'error') {
  const alert = await screen.findByText(text);
  await waitFor(() =>
    expect(alert.closest('.notistack-MuiContent')).toHaveClass(`notistack-MuiContent-${variant}`),
  );
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.url === API_PATHS.user.list);

describe('invite a participant', () => {
  it('clinician invites a participant into the Internal CZ group and the list refreshes', async () => {
    const { calls } = serve();
    const { user, dialog, name, email, type, group, send } = await openInvite();
    expect(dialog).toHaveStyle({ width: '500px' });
    expect(type).toHaveTextContent('Internal');
    await waitFor(() => expect(group).toHaveTextContent('CZ'));
    expect(send).toBeDisabled();

    await user.type(name, 'Ana Lima');
    await user.type(email, 'ana.lima@example.org');
    // The clinic's record number, typed as it comes: kept trimmed and upper-case.
    await user.type(within(dialog).getByRole('textbox', { name: /Record number/ }), ' rp-00417 ');
    await waitFor(() => expect(send).toBeEnabled());
    const before = listCalls(calls).length;
    await user.click(send);

    await expectSnackbar('Successfully added a new user.', 'success');
    const create = calls.find((call) => call.url === API_PATHS.user.create);
    expect(create?.init.method).toBe('POST');
    expect(bodyOf(create)).toEqual({
      email: 'ana.lima@example.org',
      name: 'Ana Lima',
      type: 'Internal',
      group: 'CZ',
      phone_number: null,
      mrn: 'RP-00417',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('a name that starts with a digit and a malformed email are explained, and Send Invitation stays disabled', async () => {
    serve();
    const { user, dialog, name, email, phone, send } = await openInvite();
    await user.type(name, '1Ana');
    await user.type(email, 'ana@example');
    await user.type(phone, 'call me');
    await user.tab();

    expect(within(dialog).getByText('Name must not start with a digit')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Ana');
    await user.clear(email);
    await user.type(email, 'ana@example.org');
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0000');
    await waitFor(() => expect(send).toBeEnabled());
    expect(within(dialog).queryByText('Name must not start with a digit')).not.toBeInTheDocument();
  });

  it('choosing another type empties the group until one is picked, and Internal brings CZ back', async () => {
    const { calls } = serve();
    const { user, dialog, name, email, type, group, send } = await openInvite();
    await user.type(name, 'Ana Lima');
    await user.type(email, 'ana.lima@example.org');
    await waitFor(() => expect(send).toBeEnabled());

    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Pilot' }));
    await waitFor(() => expect(send).toBeDisabled());
    expect(group).not.toHaveTextContent('CZ');
    expect(within(dialog).getByText('User group is required')).toBeInTheDocument();

    await user.click(group);
    await user.click(await screen.findByRole('option', { name: 'North Clinic' }));
    await waitFor(() => expect(send).toBeEnabled());

    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Internal' }));
    await waitFor(() => expect(group).toHaveTextContent('CZ'));

    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Demo' }));
    await user.click(group);
    await user.click(await screen.findByRole('option', { name: 'North Clinic' }));
    await user.click(send);
    await expectSnackbar('Successfully added a new user.', 'success');
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.user.create))).toMatchObject({
      type: 'Demo',
      group: 'North Clinic',
    });
  });

  it('the User Type starts on the selected participant-type tab', async () => {
    serve();
    setCsrfCookie();
    const { user } = renderApp({ route: '/participants', session: loginFor(clinicianUser) });
    await screen.findByText('No data available');
    const tabs = screen.getByRole('tablist', { name: 'Participant type' });
    await user.click(within(tabs).getByRole('tab', { name: 'Pilot' }));
    await user.click(screen.getByRole('button', { name: 'Invite New Participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite New Participant' });
    expect(within(dialog).getByRole('combobox', { name: /^User Type/ })).toHaveTextContent('Pilot');
    expect(within(dialog).getByRole('combobox', { name: /^User Group/ })).not.toHaveTextContent(
      'CZ',
    );
  });

  it("a refused invitation shows the server's sentence as an error and keeps the form", async () => {
    serve({
      create: () => failure(409, 'CONFLICT', 'A user with this email address already exists.'),
    });
    const { user, name, email, send } = await openInvite();
    await user.type(name, 'Ana Lima');
    await user.type(email, 'ana.lima@example.org');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    await expectSnackbar('A user with this email address already exists.', 'error');
    expect(screen.getByRole('dialog', { name: 'Invite New Participant' })).toBeInTheDocument();
    expect(name).toHaveValue('Ana Lima');
  });

  it("an invitation failing without a sentence says 'Something went wrong!'", async () => {
    serve({ create: () => jsonResponse(500, 'oops') });
    const { user, name, email, send } = await openInvite();
    await user.type(name, 'Ana Lima');
    await user.type(email, 'ana.lima@example.org');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await expectSnackbar('Something went wrong!', 'error');
  });

  it("failing to load the user groups shows the server's sentence as an error", async () => {
    serve({ groups: () => failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable.') });
    await openInvite();
    await expectSnackbar('The database is unavailable.', 'error');
  });

  it('Cancel closes the dialog without inviting anyone', async () => {
    const { calls } = serve();
    const { user, dialog, name } = await openInvite();
    await user.type(name, 'Ana Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === API_PATHS.user.create)).toBe(false);
  });
});
