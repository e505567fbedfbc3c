import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLAG_MESSAGES } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { flagFixture } from '#app/features/flags/flag-fixtures.ts';
import { renderFollowUpProbe } from '#app/features/flags/follow-up-probe.tsx';
import { FlagsList } from './flags-list';

const CHEST = flagFixture();
const BP = flagFixture({
  id: 32,
  user_id: 8,
  first_name: 'Bob',
  last_name: 'Stone',
  source: 'THRESHOLD',
  severity: 'HIGH',
  rule: 'SYSTOLIC_BP_HIGH',
  finding: 'Systolic BP',
  matched_text: 'Systolic BP 172 mmHg above 160',
  value: 172,
  conversation_id: null,
  message_index: null,
});

const ALREADY_ACKNOWLEDGED =
  'This flag was already acknowledged by Cleo Tester on 2026-03-14 18:10 UTC.';

/**
 * Serves the open flags; an acknowledgement removes the flag from the next answer, or answers
 * 409 for a flag someone else acknowledged (it is gone from the next answer too).
 */
function serve(initial: Flag[], { acknowledgedElsewhere = [] as number[] } = {}) {
  let open = [...initial];
  return mockFetch(({ url, init }) => {
    if (url === API_PATHS.flags.list) return success({ flags: open, total: open.length });
    if (url === API_PATHS.flags.acknowledge) {
      const { flag_id, note } = bodyOf({ url, init, headers: {} }) as {
        flag_id: number;
        note: string | null;
      };
      const flag = open.find((candidate) => candidate.id === flag_id);
      open = open.filter((candidate) => candidate.id !== flag_id);
      if (!flag || acknowledgedElsewhere.includes(flag_id)) {
        return failure(409, 'CONFLICT', ALREADY_ACKNOWLEDGED);
      }
      return success({
        ...flag,
        status: 'ACKNOWLEDGED',
        acknowledged_by: 'Cleo Tester',
        acknowledged_at: new Date().toISOString(),
        acknowledgement_note: note,
      });
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

function renderList(route: string = WEB_ROUTES.flags) {
  return renderWithProviders(<FlagsList renderFollowUp={renderFollowUpProbe} />, {
    route,
    path: WEB_ROUTES.flags,
    routes: [
      {
        path: `${WEB_ROUTES.participantDetails}/:id`,
        element: <p>Participant details page</p>,
      },
    ],
  });
}

describe('flags list', () => {
  it('clinician sees the open flags of the selected tab with severity, match, time and source', async () => {
    // The tab comes from the URL, as a shared link carries it.
    const { calls } = serve([CHEST, BP]);
    renderList(`${WEB_ROUTES.flags}?type=Pilot`);
    const table = await screen.findByRole('table', { name: 'Open flags' });
    await within(table).findByText('Jane Doe');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Severity', 'Participant', 'Finding', 'Matched text', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    // The finding carries where it came from and when, which keeps the actions on screen.
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual([
      'Critical',
      'Jane DoeDOB Mar 02, 1961 · MRN K-0042',
      'Chest painConversation · Mar 14 2026 06:05 PM',
      'Actually, I had some chest pain last night climbing the stairs.',
    ]);
    expect(within(second!).getByText('Systolic BP 172 mmHg above 160')).toBeInTheDocument();
    expect(within(second!).getByText(/^Threshold/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 open flags · Pilot');
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.flags.list))).toEqual({
      type: 'Pilot',
      page_size: 15,
      start: 0,
      mine: false,
    });
  });

  it('a row opens the participant with the conversation at the match', async () => {
    serve([CHEST, BP]);
    const { user, router } = renderList();
    const table = await screen.findByRole('table', { name: 'Open flags' });
    await user.click(await within(table).findByText('Jane Doe'));
    await screen.findByText('Participant details page');
    expect(router.state.location.pathname).toBe(`${WEB_ROUTES.participantDetails}/7`);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      conversation: '44',
      message: '3',
      highlight: CHEST.matched_text,
    });
  });

  it("Create task hands the row's participant and flag to the task dialog, and closes it", async () => {
    serve([CHEST, BP]);
    const { user } = renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Create task: Systolic BP flag of Bob Stone' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Follow-up task' });
    expect(dialog).toHaveTextContent(
      'Participant 8: Bob Stone (DOB Mar 02, 1961, MRN K-0042); flag 32: Systolic BP',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Follow-up task' })).not.toBeInTheDocument();
  });

  it('a threshold flag opens the participant without a conversation', async () => {
    serve([BP]);
    const { user, router } = renderList();
    await user.click(
      await screen.findByRole('link', { name: 'View participant: Systolic BP flag of Bob Stone' }),
    );
    await screen.findByText('Participant details page');
    expect(router.state.location.pathname).toBe(`${WEB_ROUTES.participantDetails}/8`);
    expect(router.state.location.search).toBe('');
  });

  it('clinician acknowledges a flag with a note and it leaves the list', async () => {
    setCsrfCookie();
    const { calls } = serve([CHEST, BP]);
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Open flags' });
    await within(table).findByText('Jane Doe');
    await user.click(
      screen.getByRole('button', { name: 'Acknowledge Chest pain flag of Jane Doe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    expect(within(dialog).getByText(CHEST.matched_text)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Called, ECG booked today');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    expect(await screen.findByText(FLAG_MESSAGES.acknowledged)).toBeInTheDocument();
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.flags.acknowledge))).toEqual({
      flag_id: CHEST.id,
      note: 'Called, ECG booked today',
    });
    // The list reloads without the acknowledged flag (slow machines need the longer wait).
    await waitFor(() => expect(within(table).queryByText('Jane Doe')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(within(table).getByText('Bob Stone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an acknowledgement without a note sends none; cancel sends nothing', async () => {
    setCsrfCookie();
    const { calls } = serve([BP]);
    const { user } = renderList();
    const button = await screen.findByRole('button', {
      name: 'Acknowledge Systolic BP flag of Bob Stone',
    });
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === API_PATHS.flags.acknowledge)).toBe(false);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await screen.findByText(FLAG_MESSAGES.acknowledged);
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.flags.acknowledge))).toEqual({
      flag_id: BP.id,
      note: null,
    });
  });

  it('a note over 1000 characters is refused before sending', async () => {
    setCsrfCookie();
    const { calls } = serve([BP]);
    const { user } = renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Acknowledge Systolic BP flag of Bob Stone' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    const note = within(dialog).getByLabelText('Note (optional)');
    await user.click(note);
    await user.paste('x'.repeat(1001));
    await user.tab();
    expect(await within(dialog).findByText(FLAG_MESSAGES.noteTooLong)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(calls.some((call) => call.url === API_PATHS.flags.acknowledge)).toBe(false);
  });

  it("someone else's acknowledgement shows the server's sentence and refreshes the list", async () => {
    setCsrfCookie();
    // Another clinician acknowledged this flag after the list was loaded.
    serve([CHEST], { acknowledgedElsewhere: [CHEST.id] });
    const { user } = renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Acknowledge Chest pain flag of Jane Doe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(ALREADY_ACKNOWLEDGED)).toBeInTheDocument();
    expect(await screen.findByText('No open flags')).toBeInTheDocument();
  });

  it('says so when the flags cannot be loaded', async () => {
    mockFetch(() => failure(500, 'INTERNAL_ERROR', 'Something went wrong!'));
    renderList();
    const table = screen.getByRole('table', { name: 'Open flags' });
    expect(await within(table).findByText(FLAG_MESSAGES.listError)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('No open flags');
  });
});

describe('flags list: Mine', () => {
  it('Mine goes into the URL and the query, and off again', async () => {
    const { calls } = serve([CHEST]);
    const { user, router } = renderList(`${WEB_ROUTES.flags}?mine=1`);
    const mine = await screen.findByRole('switch', { name: 'Mine' });
    expect(mine).toBeChecked();
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === API_PATHS.flags.list))).toMatchObject({
        mine: true,
      }),
    );
    await user.click(mine);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(mine).not.toBeChecked();
    await waitFor(() =>
      expect(
        bodyOf(calls.filter((call) => call.url === API_PATHS.flags.list).at(-1)),
      ).toMatchObject({ mine: false }),
    );
  });
});
