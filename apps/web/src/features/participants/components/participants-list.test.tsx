import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// A page of MUI table rows renders slowly in jsdom on a busy machine; give each wait room.
configure({ asyncUtilTimeout: 5_000 });

/** A timestamp whose local time is the given wall-clock time, so formatting is zone-proof. */
const localIso = (...parts: [number, number, number, number, number]) =>
  new Date(...parts).toISOString();

const DAY_MS = 86_400_000;
const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

function row(overrides: Partial<ParticipantListRow> & Pick<ParticipantListRow, 'id'>) {
  return {
    first_name: 'Jane',
    last_name: 'Doe',
    user_name: 'jane.doe@example.org',
    birth_date: '1961-03-02',
    mrn: null,
    type: 'Internal',
    group: 'CZ',
    tracker_connected: 'Fitbit',
    last_app_open: localIso(2024, 2, 5, 22, 7),
    active_session_count: 12,
    coach_chat_count: 3,
    coach_call_count: 1,
    nudge_open_count: 1234,
    invited_on: localIso(2024, 0, 10, 9, 0),
    joined_on: localIso(2024, 0, 12, 9, 0),
    status: 'ACTIVATED',
    can_remind: false,
    last_reminded_at: null,
    next_remind_date: null,
    open_flag_count: 0,
    top_open_severity: null,
    last_reviewed_at: null,
    last_reviewed_by: null,
    last_telemetry_at: HOUR_AGO,
    responsible: null,
    next_task_due_on: null,
    ...overrides,
  } satisfies ParticipantListRow;
}

const ACTIVE = [
  row({
    id: 1,
    mrn: 'K-0042',
    open_flag_count: 2,
    top_open_severity: 'CRITICAL',
    last_reviewed_at: localIso(2024, 2, 1, 9, 0),
    last_reviewed_by: 'Cleo Tester',
  }),
  row({
    id: 2,
    first_name: 'Omar',
    last_name: 'Haddad',
    user_name: null,
    group: null,
    tracker_connected: null,
    last_app_open: null,
    active_session_count: null,
    coach_chat_count: null,
    coach_call_count: null,
    nudge_open_count: 0,
    last_telemetry_at: null,
  }),
  row({
    id: 7,
    first_name: 'Ines',
    last_name: 'Moreau',
    open_flag_count: 1,
    top_open_severity: 'MODERATE',
    last_telemetry_at: new Date(Date.now() - 5 * DAY_MS - 60_000).toISOString(),
  }),
];

const INVITED = [
  row({
    id: 3,
    first_name: 'Priya',
    last_name: 'Shah',
    status: 'PENDING_ACTIVATION',
    can_remind: true,
  }),
  row({
    id: 4,
    first_name: 'Liam',
    last_name: 'Walsh',
    status: 'PENDING_ACTIVATION',
    last_reminded_at: '2025-03-01T09:00:00.000Z',
    next_remind_date: '2025-03-04T09:00:00.000Z',
  }),
  row({
    id: 5,
    first_name: 'Zoe',
    last_name: 'Park',
    status: 'PENDING_ACTIVATION',
    last_reminded_at: '2025-03-04T09:00:00.000Z',
    next_remind_date: '2025-03-02T09:00:00.000Z',
  }),
];

const SUSPENDED = [
  row({
    id: 6,
    first_name: 'Ken',
    last_name: 'Ito',
    status: 'SUSPENDED',
    tracker_connected: null,
    open_flag_count: 1,
    top_open_severity: 'HIGH',
  }),
];

type Handler = (call: FetchCall) => Response;

function serve(
  handlers: Partial<Record<'list' | 'remind' | 'resume' | 'delete' | 'export', Handler>> = {},
) {
  return mockFetch((call) => {
    if (call.url === API_PATHS.user.groups) {
      return success([
        { id: 1, name: 'Hip Recovery' },
        { id: 2, name: 'Knee Recovery' },
      ]);
    }
    if (call.url.startsWith(API_PATHS.user.outcomesExport) && handlers.export) {
      return handlers.export(call);
    }
    if (call.url === API_PATHS.user.list) {
      if (handlers.list) return handlers.list(call);
      const { status } = bodyOf(call) as { status: string };
      const users =
        status === 'PENDING_ACTIVATION'
          ? INVITED
          : status === 'SUSPENDED'
            ? SUSPENDED
            : status === ''
              ? [...ACTIVE, ...INVITED, ...SUSPENDED]
              : ACTIVE;
      return success({ users, total_participants: 40 });
    }
    if (call.url === API_PATHS.account.remind && handlers.remind) return handlers.remind(call);
    if (call.url === API_PATHS.account.resume && handlers.resume) return handlers.resume(call);
    if (call.url.startsWith('/api/account/') && call.init.method === 'DELETE' && handlers.delete) {
      return handlers.delete(call);
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === API_PATHS.user.list).map((call) => bodyOf(call));

async function openParticipants(route = '/participants', firstName = 'Jane') {
  setCsrfCookie();
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  // The first test of the file also waits for the lazily loaded route to compile.
  const table = await screen.findByRole('table', { name: 'Participants' }, { timeout: 10_000 });
  await within(table).findByText(new RegExp(firstName));
  return { ...view, table };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

/** The cells of the body row that names this participant (without the checkbox cell). */
function cellsOf(table: HTMLElement, name: string): string[] {
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name) !== null);
  if (!found) throw new Error(`No row for ${name}`);
  return within(found)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent ?? '');
}

/** The snackbar saying `text`; a failed list also says it in the table, with Retry. */
async function expectSnackbar(text: string, variant: 'success' | 'error') {
  await waitFor(() => {
    const snackbar = [...document.querySelectorAll('.notistack-MuiContent')].find((element) =>
      element.textContent?.includes(text),
    );
    expect(snackbar).toHaveClass(`notistack-MuiContent-${variant}`);
  });
}

/** The columns shown until the clinician chooses: the email is under the name. */
const ACTIVITY_HEADERS = [
  'Flags',
  'Name',
  'Group',
  'Tracker',
  'Last Seen',
  'Sessions (7 days)',
  'Nudges opened (7 days)',
  'Joined On',
  'Last Reviewed',
  'Responsible',
];

describe('participants list', () => {
  it('clinician sees the active Internal participants by first name, 15 a page, with every column', async () => {
    const { calls } = serve();
    const { table } = await openParticipants();

    expect(listBodies(calls)[0]).toEqual({
      page_size: 15,
      start: 0,
      search_key: '',
      status: 'ACTIVATED',
      tracker: '',
      type: 'Internal',
      not_reviewed_days: null,
      mine: false,
      overdue_before: null,
      orderBy: 'first_name',
      orderDirection: 'asc',
      group: '',
      surgery_from: '',
      surgery_to: '',
      programme: '',
    });
    const statuses = screen.getByRole('group', { name: 'Participant status' });
    expect(within(statuses).getByRole('button', { name: 'Active' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(headers(table).slice(1)).toEqual(ACTIVITY_HEADERS);
    expect(cellsOf(table, 'Jane Doe')).toEqual([
      '2',
      'Jane DoeDOB Mar 02, 1961 · MRN K-0042jane.doe@example.org',
      'CZ',
      'Fitbit',
      'Mar 05 2024 10:07 PM',
      '12',
      '1,234',
      'Jan 12 2024',
      'Mar 01 2024by Cleo Tester',
      'Unassigned',
    ]);
    expect(screen.getByText('1 – 15 of 40')).toBeInTheDocument();
  });

  it("the spec's other columns (type, chats, calls) are a choice away", async () => {
    serve();
    const { user, table } = await openParticipants();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    // The menu's code loads when it first opens.
    await screen.findByRole('menu', { name: 'Columns' });
    for (const column of ['Type', 'Chats (7 days)', 'Calls (7 days)']) {
      await user.click(screen.getByRole('menuitemcheckbox', { name: column }));
    }
    await user.keyboard('{Escape}');
    expect(headers(table).slice(1)).toEqual([
      'Flags',
      'Name',
      'Type',
      'Group',
      'Tracker',
      'Last Seen',
      'Sessions (7 days)',
      'Chats (7 days)',
      'Calls (7 days)',
      'Nudges opened (7 days)',
      'Joined On',
      'Last Reviewed',
      'Responsible',
    ]);
    expect(cellsOf(table, 'Jane Doe').slice(2, 9)).toEqual([
      'Internal',
      'CZ',
      'Fitbit',
      'Mar 05 2024 10:07 PM',
      '12',
      '3',
      '1',
    ]);
  });

  it('a missing email, group or number shows a dash and a missing tracker says Not Connected', async () => {
    serve();
    const { table } = await openParticipants();
    expect(cellsOf(table, 'Omar Haddad')).toEqual([
      'No open flags',
      'Omar HaddadDOB Mar 02, 1961-',
      '-',
      'Not ConnectedNo data yet',
      '-',
      '-',
      '0',
      'Jan 12 2024',
      'Never',
      'Unassigned',
    ]);
  });

  it('the All view has the Active columns and marks who is invited or suspended', async () => {
    const { calls } = serve();
    const { user, table, router } = await openParticipants();
    await user.click(screen.getByRole('button', { name: 'All' }));

    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ status: '' }));
    await within(table).findByText('Ken Ito');
    expect(router.state.location.search).toBe('?status=ALL');
    expect(headers(table).slice(1)).toEqual(ACTIVITY_HEADERS);
    expect(cellsOf(table, 'Ken Ito')[1]).toBe(
      'Ken ItoDOB Mar 02, 1961jane.doe@example.orgSuspended',
    );
    expect(cellsOf(table, 'Priya Shah')[1]).toBe(
      'Priya ShahDOB Mar 02, 1961jane.doe@example.orgInvited',
    );
    expect(cellsOf(table, 'Jane Doe')[1]).toBe(
      'Jane DoeDOB Mar 02, 1961 · MRN K-0042jane.doe@example.org',
    );
    // Invited participants have no devices yet: no data is expected, not a warning.
    expect(cellsOf(table, 'Priya Shah')[3]).toBe('Fitbit');
  });

  it('the open-flag indicator names how many flags are open and the most severe one', async () => {
    serve();
    const { table } = await openParticipants();
    expect(
      within(table).getByRole('img', { name: '2 open flags, most severe Critical' }),
    ).toHaveTextContent('2');
    expect(
      within(table).getByRole('img', { name: '1 open flag, most severe Moderate' }),
    ).toBeInTheDocument();
    // No flags: nothing to see, but a screen reader hears that there are none.
    expect(cellsOf(table, 'Omar Haddad')[0]).toBe('No open flags');
  });

  it('a participant whose home data stopped arriving shows a warning chip under the tracker', async () => {
    serve();
    const { table } = await openParticipants();
    expect(cellsOf(table, 'Ines Moreau')[3]).toBe('FitbitNo data for 5 days');
    expect(within(table).getByText('No data for 5 days')).toBeVisible();
    expect(cellsOf(table, 'Omar Haddad')[3]).toBe('Not ConnectedNo data yet');
    // Current data is not alarming: the tracker alone.
    expect(cellsOf(table, 'Jane Doe')[3]).toBe('Fitbit');
  });

  it("clinician sorts by open flags and filters 'Not reviewed in 7 days', kept in the URL", async () => {
    const { calls } = serve();
    const { user, router } = await openParticipants('/participants?page=2');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Open flags (most severe first)',
    );
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        orderBy: 'open_flags',
        orderDirection: 'desc',
        start: 0,
      }),
    );

    const filter = screen.getByRole('combobox', { name: 'Not reviewed in' });
    expect(filter).toHaveDisplayValue('Any');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    const choices = within(filter).getAllByRole('option');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Any',
      '7 days',
      '14 days',
      '30 days',
    ]);
    await user.selectOptions(filter, '7 days');
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ not_reviewed_days: 7, start: 0 }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      orderBy: 'open_flags',
      orderDirection: 'desc',
      notReviewed: '7',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Not reviewed in' }), 'Any');
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ not_reviewed_days: null }),
    );
    expect(router.state.location.search).not.toContain('notReviewed');
  });

  it('a shared link restores the review filter', async () => {
    const { calls } = serve();
    await openParticipants('/participants?notReviewed=14');
    expect(listBodies(calls)[0]).toMatchObject({ not_reviewed_days: 14 });
    expect(screen.getByRole('combobox', { name: 'Not reviewed in' })).toHaveDisplayValue('14 days');
  });

  it('a made-up review filter in the URL lists everybody', async () => {
    const { calls } = serve();
    await openParticipants('/participants?notReviewed=-1');
    expect(listBodies(calls)[0]).toMatchObject({ not_reviewed_days: null });
  });

  it('the Invited view shows when each was invited and the reminder action', async () => {
    serve();
    const { table } = await openParticipants('/participants?status=PENDING_ACTIVATION', 'Priya');
    expect(headers(table).slice(1)).toEqual([
      'Name',
      'Group',
      'Invited On',
      'Responsible',
      'Action',
    ]);
    expect(cellsOf(table, 'Priya Shah')).toEqual([
      'Priya ShahDOB Mar 02, 1961jane.doe@example.org',
      'CZ',
      'Jan 10 2024',
      'Unassigned',
      'Send Reminder',
    ]);
    expect(cellsOf(table, 'Liam Walsh').at(-1)).toBe('Remind again in 3 Days');
    // The next date lies before the last reminder: the count stops at 0.
    expect(cellsOf(table, 'Zoe Park').at(-1)).toBe('Remind again in 0 Days');
  });

  it('clinician sends a reminder from the list without opening the participant', async () => {
    const { calls } = serve({ remind: () => success(INVITED[0]) });
    const { user, router } = await openParticipants(
      '/participants?status=PENDING_ACTIVATION',
      'Priya',
    );
    const before = listBodies(calls).length;
    await user.click(screen.getByRole('button', { name: 'Send Reminder to Priya Shah' }));

    await expectSnackbar('Reminder sent successfully.', 'success');
    const remindCall = calls.find((call) => call.url === API_PATHS.account.remind);
    expect(remindCall?.init.method).toBe('POST');
    expect(bodyOf(remindCall)).toEqual({ user_id: 3 });
    expect(router.state.location.pathname).toBe('/participants');
    // The list reloads to show the new reminder dates.
    await waitFor(() => expect(listBodies(calls).length).toBeGreaterThan(before));
  });

  it('a refused reminder says so as an error', async () => {
    serve({ remind: () => failure(409, 'CONFLICT', 'Reminded recently.') });
    const { user } = await openParticipants('/participants?status=PENDING_ACTIVATION', 'Priya');
    await user.click(screen.getByRole('button', { name: 'Send Reminder to Priya Shah' }));
    await expectSnackbar('Error sending the reminder.', 'error');
  });

  it('the Suspended view lets the clinician reactivate at once, without a question', async () => {
    const { calls } = serve({ resume: () => success({ ...SUSPENDED[0], status: 'ACTIVATED' }) });
    const { user, table, router } = await openParticipants('/participants?status=SUSPENDED', 'Ken');
    expect(headers(table).slice(1)).toEqual([
      'Flags',
      'Name',
      'Group',
      'Last Seen',
      'Last Reviewed',
      'Responsible',
      'Action',
    ]);
    expect(cellsOf(table, 'Ken Ito').slice(3)).toEqual([
      'Mar 05 2024 10:07 PM',
      'Never',
      'Unassigned',
      'Reactivate',
    ]);
    expect(
      within(table).getByRole('img', { name: '1 open flag, most severe High' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate Ken Ito' }));
    await expectSnackbar('Reactivated successfully.', 'success');
    const resumeCall = calls.find((call) => call.url === API_PATHS.account.resume);
    expect(resumeCall?.init.method).toBe('PATCH');
    expect(bodyOf(resumeCall)).toEqual({ user_id: 6 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/participants');
  });

  it('a failed reactivation looks like a failure', async () => {
    serve({ resume: () => failure(409, 'CONFLICT', 'Not suspended.') });
    const { user } = await openParticipants('/participants?status=SUSPENDED', 'Ken');
    await user.click(screen.getByRole('button', { name: 'Reactivate Ken Ito' }));
    await expectSnackbar('Error in reactivating participant.', 'error');
  });

  // The router commits a navigation once the details screen's lazy chunk has loaded.
  const navigation = { timeout: 10_000 };

  it('clinician opens a participant by clicking the row', async () => {
    serve();
    const { user, router, table } = await openParticipants();
    await user.click(within(table).getByText('Jane Doe'));
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/participant-details/1'),
      navigation,
    );
  });

  it('clinician opens a participant from the keyboard with Enter on the row', async () => {
    serve();
    const { user, router, table } = await openParticipants();
    const omar = within(table).getByText('Omar Haddad').closest('tr');
    expect(omar).toHaveAttribute('tabindex', '0');
    omar?.focus();
    expect(omar).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/participant-details/2'),
      navigation,
    );
  });

  it('a shared link restores status, sort, search and page', async () => {
    const { calls } = serve();
    await openParticipants(
      '/participants?status=SUSPENDED&orderBy=last_app_open&orderDirection=desc&search=ito&page=2',
      'Ken',
    );
    expect(listBodies(calls)[0]).toEqual({
      page_size: 15,
      start: 15,
      search_key: 'ito',
      status: 'SUSPENDED',
      tracker: '',
      type: 'Internal',
      not_reviewed_days: null,
      mine: false,
      overdue_before: null,
      orderBy: 'last_app_open',
      orderDirection: 'desc',
      group: '',
      surgery_from: '',
      surgery_to: '',
      programme: '',
    });
    expect(screen.getByRole('button', { name: 'Suspended' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('searchbox', { name: 'Search participants' })).toHaveValue('ito');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Last seen (latest first)',
    );
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('changing the status, sort or search goes back to page 1', async () => {
    const { calls } = serve();
    const { user, router } = await openParticipants('/participants?page=2');
    expect(listBodies(calls)[0]).toMatchObject({ start: 15 });

    await user.click(screen.getByRole('button', { name: 'Invited' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ status: 'PENDING_ACTIVATION', start: 0 }),
    );
    expect(router.state.location.search).toBe('?status=PENDING_ACTIVATION');

    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ start: 30 }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Joined on (newest first)',
    );
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        orderBy: 'joined_on',
        orderDirection: 'desc',
        start: 0,
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ start: 15 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search participants' }), 'shah{Enter}');
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ search_key: 'shah', start: 0 }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'PENDING_ACTIVATION',
      orderBy: 'joined_on',
      orderDirection: 'desc',
      search: 'shah',
    });
  });

  it('the sort dropdown offers every sort of spec §9 in both directions', async () => {
    serve();
    await openParticipants();
    const options = within(screen.getByRole('combobox', { name: 'Sort by' })).getAllByRole(
      'option',
    );
    expect(options).toHaveLength(20);
    expect(options[0]).toHaveTextContent('First name (A–Z)');
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Open flags (most severe first)', 'Last reviewed (earliest first)']),
    );
  });

  it('switching the participant-type tab lists that type from the first page', async () => {
    const { calls } = serve();
    const { user } = await openParticipants('/participants?page=2');
    const tabs = screen.getByRole('tablist', { name: 'Participant type' });
    await user.click(within(tabs).getByRole('tab', { name: 'Pilot' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ type: 'Pilot', start: 0 }),
    );
  });

  it("a failed list shows 'Error fetching participants' as an error snackbar", async () => {
    serve({ list: () => failure(503, 'SERVICE_UNAVAILABLE', 'Down.') });
    setCsrfCookie();
    renderApp({ route: '/participants', session: loginFor(clinicianUser) });
    await expectSnackbar('Error fetching participants', 'error');
    const table = screen.getByRole('table', { name: 'Participants' });
    // The alert's code arrives with the first failure.
    expect(await within(table).findByText('Error fetching participants')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('Retry in the failed table loads the list again', async () => {
    let fail = true;
    serve({
      list: () =>
        fail
          ? failure(503, 'SERVICE_UNAVAILABLE', 'Down.')
          : success({ users: ACTIVE, total_participants: ACTIVE.length }),
    });
    setCsrfCookie();
    const { user } = renderApp({ route: '/participants', session: loginFor(clinicianUser) });
    const table = await screen.findByRole('table', { name: 'Participants' });
    await within(table).findByText('Error fetching participants');
    fail = false;
    await user.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Jane Doe')).toBeInTheDocument();
    expect(within(table).queryByText('Error fetching participants')).not.toBeInTheDocument();
  });

  it('a snackbar stays until its close button is pressed', async () => {
    serve({ list: () => failure(503, 'SERVICE_UNAVAILABLE', 'Down.') });
    setCsrfCookie();
    const { user } = renderApp({ route: '/participants', session: loginFor(clinicianUser) });
    await expectSnackbar('Error fetching participants', 'error');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(document.querySelector('.notistack-MuiContent')).toBeNull());
  });
});

describe('delete selected participants', () => {
  it('clinician selects participants, confirms once, and all of them are deleted', async () => {
    const { calls } = serve({
      delete: (call) => success({ id: Number(call.url.split('/').at(-1)), message: 'Deleted.' }),
    });
    const { user } = await openParticipants('/participants?status=ALL');
    const deleteButton = screen.getByRole('button', { name: 'Delete Selected Participant' });
    expect(deleteButton).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Haddad' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ken Ito' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    const before = listBodies(calls).length;
    await user.click(deleteButton);

    const dialog = await screen.findByRole('dialog', {
      name: 'Do you want to delete this account?',
    });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    expect(dialog).toHaveStyle({ width: '345px' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await expectSnackbar('Successfully deleted 3 participants.', 'success');
    const deletes = calls.filter((call) => call.init.method === 'DELETE').map((call) => call.url);
    expect(deletes.sort()).toEqual(['/api/account/1', '/api/account/2', '/api/account/6']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listBodies(calls).length).toBeGreaterThan(before));
  });

  it('select-all picks every shown row, and No deletes nothing', async () => {
    const { calls } = serve();
    const { user } = await openParticipants();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select Jane Doe' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Omar Haddad' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete Selected Participant' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.init.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Select Jane Doe' })).toBeChecked();
  });

  it('when some deletions fail, the clinician is told how many, as an error', async () => {
    serve({
      delete: (call) =>
        call.url.endsWith('/2')
          ? failure(409, 'CONFLICT', 'Cannot delete.')
          : success({ id: 1, message: 'Deleted.' }),
    });
    const { user } = await openParticipants();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected Participant' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );

    await expectSnackbar('Successfully deleted 2 participants.', 'success');
    await expectSnackbar('Error in deleting 1 of 3 participants.', 'error');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The one that stayed is still selected, ready for another try.
    expect(screen.getByRole('checkbox', { name: 'Select Omar Haddad' })).toBeChecked();
  });

  it('another page starts with nothing selected', async () => {
    serve();
    const { user } = await openParticipants();
    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Selected Participant' })).toBeDisabled(),
    );
  });

  it('a group and a surgery day range narrow the list and stay in the URL', async () => {
    const { calls } = serve();
    const { user, router } = await openParticipants();
    const cohort = screen.getByRole('group', { name: 'Cohort' });
    const group = within(cohort).getByRole('combobox', { name: 'Group' });
    // The groups arrive from the server after the first render.
    await within(group).findByRole('option', { name: 'Knee Recovery' });
    await user.selectOptions(group, 'Knee Recovery');
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ group: 'Knee Recovery' }));
    await user.type(within(cohort).getByLabelText('Surgery from'), '2025-01-31');
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        group: 'Knee Recovery',
        surgery_from: '2025-01-31',
        surgery_to: '',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      group: 'Knee Recovery',
      surgeryFrom: '2025-01-31',
    });

    const to = within(cohort).getByLabelText('Surgery to');
    expect(to).not.toHaveAccessibleDescription();
    await user.type(to, '2025-01-01');
    expect(to).toHaveAccessibleDescription('Must not be before Surgery from');
  });

  it('a programme narrows the list; a made-up one in the URL is ignored', async () => {
    const { calls } = serve();
    const { user } = await openParticipants('/participants?programme=SPINE');
    expect(listBodies(calls)[0]).toMatchObject({ programme: '' });
    const cohort = screen.getByRole('group', { name: 'Cohort' });
    const programme = within(cohort).getByRole('combobox', { name: 'Programme' });
    expect(programme).toHaveDisplayValue('Any');
    await user.selectOptions(programme, 'Hip replacement programme');
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ programme: 'HIP' }));
  });

  it('a shared link restores the cohort; a backwards or malformed range loses its bad bound', async () => {
    const { calls } = serve();
    await openParticipants(
      '/participants?group=Hip%20Recovery&surgeryFrom=2025-06-01&surgeryTo=2025-01-01',
    );
    expect(listBodies(calls)[0]).toMatchObject({
      group: 'Hip Recovery',
      surgery_from: '2025-06-01',
      surgery_to: '',
    });
    const cohort = screen.getByRole('group', { name: 'Cohort' });
    expect(within(cohort).getByRole('combobox', { name: 'Group' })).toHaveDisplayValue(
      'Hip Recovery',
    );
  });

  it('Export outcomes (CSV) downloads the scores of the filtered cohort', async () => {
    const { calls } = serve({
      export: () =>
        new Response('\uFEFFparticipant_id\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="outcome-scores-2025-03-01.csv"',
          },
        }),
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:outcomes');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = await openParticipants(
      '/participants?status=ALL&search=jan&group=Knee%20Recovery&surgeryTo=2025-02-28&programme=KNEE&page=2',
    );
    await user.click(screen.getByRole('button', { name: 'Export outcomes (CSV)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'outcome-scores-2025-03-01.csv');
    const exportCall = calls.find((call) => call.url.startsWith(API_PATHS.user.outcomesExport));
    expect(exportCall?.init.method).toBe('GET');
    expect(Object.fromEntries(new URL(exportCall!.url, 'http://portal').searchParams)).toEqual({
      type: 'Internal',
      search_key: 'jan',
      group: 'Knee Recovery',
      surgery_to: '2025-02-28',
      programme: 'KNEE',
    });
    expect(
      await screen.findByText('Outcome scores exported as outcome-scores-2025-03-01.csv.'),
    ).toBeInTheDocument();
  });
});
