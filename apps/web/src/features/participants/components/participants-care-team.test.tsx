import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { localDay, STAFF } from '#app/testing/task-fixtures.ts';

// A page of MUI table rows renders slowly in jsdom on a busy machine; give each wait room.
configure({ asyncUtilTimeout: 5_000 });

function row(id: number, firstName: string, overrides: Partial<ParticipantListRow> = {}) {
  return {
    id,
    first_name: firstName,
    last_name: 'Doe',
    user_name: `${firstName.toLowerCase()}@example.org`,
    birth_date: null,
    mrn: null,
    type: 'Internal',
    group: 'CZ',
    tracker_connected: 'Fitbit',
    last_app_open: null,
    active_session_count: null,
    coach_chat_count: null,
    coach_call_count: null,
    nudge_open_count: null,
    invited_on: null,
    joined_on: null,
    status: 'ACTIVATED',
    can_remind: false,
    last_reminded_at: null,
    next_remind_date: null,
    open_flag_count: 0,
    top_open_severity: null,
    last_reviewed_at: null,
    last_reviewed_by: null,
    last_telemetry_at: new Date().toISOString(),
    responsible: null,
    next_task_due_on: null,
    ...overrides,
  } satisfies ParticipantListRow;
}

const ROWS = [
  row(1, 'Jane', { responsible: { id: 11, name: 'Clara Nguyen' }, next_task_due_on: localDay(-1) }),
  row(2, 'Omar', { next_task_due_on: localDay(2) }),
  row(3, 'Ines'),
];

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === API_PATHS.user.list).map((call) => bodyOf(call));

function serve() {
  return mockFetch((call) => {
    if (call.url === API_PATHS.user.list) return success({ users: ROWS, total_participants: 3 });
    if (call.url === API_PATHS.careTeam.staff) return success(STAFF);
    if (call.url === API_PATHS.careTeam.assign) {
      const { participant_ids } = bodyOf(call) as { participant_ids: number[] };
      return success({ participant_ids, responsible: { id: 12, name: 'Omar Reyes' } });
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function open(route = '/participants') {
  setCsrfCookie();
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  const table = await screen.findByRole('table', { name: 'Participants' }, { timeout: 10_000 });
  await within(table).findByText('Jane Doe');
  return { ...view, table };
}

function rowOf(table: HTMLElement, name: string) {
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name) !== null);
  if (!found) throw new Error(`No row for ${name}`);
  return found;
}

describe('participants list: care team', () => {
  it('shows the responsible clinician and who has an overdue task (by this browser’s date)', async () => {
    serve();
    const { table } = await open();
    const jane = rowOf(table, 'Jane Doe');
    expect(within(jane).getByText('Clara Nguyen')).toBeInTheDocument();
    expect(within(jane).getByText('Task overdue')).toBeInTheDocument();
    const omar = rowOf(table, 'Omar Doe');
    expect(within(omar).getByText('Unassigned')).toBeInTheDocument();
    expect(within(omar).queryByText('Task overdue')).not.toBeInTheDocument();
    expect(within(omar).getByText(/^Task due /)).toBeInTheDocument();
  });

  it('Mine and Overdue tasks go into the URL and the query; a shared link restores them', async () => {
    const { calls } = serve();
    const { user, router } = await open();
    await user.click(screen.getByRole('switch', { name: 'Mine' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ mine: true }));
    expect(router.state.location.search).toContain('mine=1');
    await user.click(screen.getByRole('switch', { name: 'Overdue tasks' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ mine: true, overdue_before: localDay(0) }),
    );
    expect(router.state.location.search).toContain('overdue=1');
  });

  it('a link with ?mine=1 opens the list filtered to my participants', async () => {
    const { calls } = serve();
    await open('/participants?mine=1');
    expect(screen.getByRole('switch', { name: 'Mine' })).toBeChecked();
    expect(listBodies(calls)[0]).toMatchObject({ mine: true, overdue_before: null });
  });

  it('Assign to… makes the chosen clinician responsible for the selected participants', async () => {
    const { calls } = serve();
    const { user, table } = await open();
    const assign = screen.getByRole('button', { name: 'Assign to…' });
    expect(assign).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ines Doe' }));
    await user.click(assign);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('For the 2 selected participants.')).toBeInTheDocument();
    // No choice is made for the clinician: one click on Assign cannot change anything.
    const select = within(dialog).getByRole('combobox', { name: 'Responsible clinician' });
    await waitFor(() => expect(select).toHaveTextContent('Choose…'));
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Omar Reyes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(
      await screen.findByText('Omar Reyes is now responsible for 2 participants.'),
    ).toBeInTheDocument();
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.careTeam.assign))).toEqual({
      participant_ids: [1, 3],
      clinician_id: 12,
    });
  });

  it('Nobody is an explicit choice that asks first, naming how many participants it affects', async () => {
    const { calls } = serve();
    const { user, table } = await open();
    for (const name of ['Select Jane Doe', 'Select Omar Doe', 'Select Ines Doe']) {
      await user.click(within(table).getByRole('checkbox', { name }));
    }
    await user.click(screen.getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign responsible clinician' });
    const select = within(dialog).getByRole('combobox', { name: 'Responsible clinician' });
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Nobody (remove the assignment)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const confirm = await screen.findByRole('dialog', {
      name: 'Remove the responsible clinician of 3 participants?',
    });
    expect(calls.some((call) => call.url === API_PATHS.careTeam.assign)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Remove the responsible/ })).toBeNull(),
    );
    expect(calls.some((call) => call.url === API_PATHS.careTeam.assign)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const again = await screen.findByRole('dialog', { name: /Remove the responsible/ });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === API_PATHS.careTeam.assign))).toEqual({
        participant_ids: [1, 2, 3],
        clinician_id: null,
      }),
    );
  });
});
