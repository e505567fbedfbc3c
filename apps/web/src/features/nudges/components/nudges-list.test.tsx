import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Nudge, NudgeDetail } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const NUDGES: Nudge[] = [
  {
    id: 101,
    title: 'Morning walk',
    content: 'Take a ten minute walk after breakfast.',
    target_date: '2025-03-01',
    participant_id: 7,
    participant_name: 'Jane Doe',
    send_time: '08:30',
    tracking_type: 'ACTIVE',
    feedback_type: 'THUMBS_UP',
  },
  {
    id: 102,
    title: 'Ice your knee',
    content: 'Twenty minutes of ice reduces the swelling.',
    target_date: '2025-02-28',
    participant_id: 8,
    participant_name: 'Omar Haddad',
    send_time: '19:00',
    tracking_type: 'COMPLETED',
    feedback_type: 'THUMBS_DOWN',
  },
  {
    id: 103,
    title: 'Drink water',
    content: 'Keep a bottle by your chair.',
    target_date: '2025-02-27',
    participant_id: 7,
    participant_name: 'Jane Doe',
    send_time: '12:00',
    tracking_type: 'PENDING',
    feedback_type: null,
  },
];

const DETAIL: NudgeDetail = { ...NUDGES[0]!, opened_at: null };

type Handlers = { list?: (call: FetchCall) => Response; export?: (call: FetchCall) => Response };

function serve({ list, export: exportHandler }: Handlers = {}) {
  return mockFetch((call) => {
    if (call.url === API_PATHS.nudge.list) {
      return list ? list(call) : success({ nudges: NUDGES, total_number_of_records: 40 });
    }
    if (call.url.startsWith(API_PATHS.nudge.export) && exportHandler) return exportHandler(call);
    if (call.url === API_PATHS.nudge.byId(101)) return success(DETAIL);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === API_PATHS.nudge.list).map((call) => bodyOf(call));

async function openNudges(route = '/nudges') {
  setCsrfCookie();
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  const table = await screen.findByRole('table', { name: 'Nudges' });
  await within(table).findByText('Morning walk');
  return { ...view, table };
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

afterEach(() => {
  vi.useRealTimers();
});

/** The list's default end date, on whatever day the test runs. */
const today = () => dayjs().format('YYYY-MM-DD');

describe('nudges list', () => {
  it('clinician sees the Internal nudges newest first, 15 a page, with every column', async () => {
    const { calls } = serve();
    const { table } = await openNudges();

    // It opens on the nudges delivered up to today, not on future Pending ones.
    expect(listBodies(calls)[0]).toEqual({
      page_size: 15,
      start: 0,
      user_type: 'Internal',
      orderBy: 'target_date',
      orderDirection: 'desc',
      date_to: today(),
    });
    const filter = screen.getByRole('button', { name: 'Filter 1 active' });
    // axe label-content-name-mismatch: the name starts with the text the button shows.
    expect(filter).toHaveTextContent(/^Filter 1 active$/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Nudge', 'Participant', 'Notification time', 'Status', 'Feedback']);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Mar 01, 2025');
    expect(first).toHaveTextContent('Take a ten minute walk after breakfast.');
    expect(within(first!).getByText('Morning walk')).toHaveStyle({ fontWeight: 700 });
    expect(first).toHaveTextContent('Jane Doe');
    expect(first).toHaveTextContent('08:30');
    expect(first).toHaveTextContent('Active');
    expect(within(first!).getByRole('img', { name: 'Thumbs up' })).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'Thumbs down' })).toBeInTheDocument();
    expect(within(third!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(third!).getByText('-')).toBeInTheDocument();
    expect(screen.getByText('1 – 15 of 40')).toBeInTheDocument();
  });

  it('clinician opens a nudge from the list and comes back to the same view', async () => {
    serve();
    const { user, router, table } = await openNudges('/nudges?status=ACTIVE');
    await user.click(within(table).getByText('Morning walk'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Nudge details' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/nudge-details/101');
    expect(await screen.findByRole('heading', { name: 'Morning walk' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to nudges' }));
    await screen.findByRole('table', { name: 'Nudges' });
    expect(router.state.location.search).toBe('?status=ACTIVE');
  });

  it("shows 'No data available' and no paginator when nothing matches", async () => {
    serve({ list: () => success({ nudges: [], total_number_of_records: 0 }) });
    setCsrfCookie();
    renderApp({ route: '/nudges', session: loginFor(clinicianUser) });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('clinician filters by status, feedback and a date range from the Filter panel', async () => {
    const { calls } = serve();
    const { user, router } = await openNudges('/nudges?page=3');
    expect(listBodies(calls).at(-1)).toMatchObject({ start: 30 });

    await user.click(screen.getByRole('button', { name: 'Filter 1 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Filter nudges' });
    await user.selectOptions(within(panel).getByLabelText('Status'), 'Completed');
    await user.selectOptions(within(panel).getByLabelText('Feedback'), 'Thumbs down');
    await user.type(within(panel).getByLabelText('Date from'), '2025-02-01');
    await user.clear(within(panel).getByLabelText('Date to'));
    await user.type(within(panel).getByLabelText('Date to'), '2025-02-28');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page_size: 15,
        start: 0,
        user_type: 'Internal',
        orderBy: 'target_date',
        orderDirection: 'desc',
        status: 'COMPLETED',
        feedback: 'THUMBS_DOWN',
        date_from: '2025-02-01',
        date_to: '2025-02-28',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'COMPLETED',
      feedback: 'THUMBS_DOWN',
      date_from: '2025-02-01',
      date_to: '2025-02-28',
    });
    expect(screen.getByRole('button', { name: 'Filter 3 active' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filter 3 active' }));
    const reopened = await screen.findByRole('dialog', { name: 'Filter nudges' });
    expect(within(reopened).getByLabelText('Status')).toHaveValue('COMPLETED');
    await user.click(within(reopened).getByRole('button', { name: 'Clear' }));
    await user.click(within(reopened).getByRole('button', { name: 'Apply' }));
    // Clear lists every nudge, the future ones too.
    await waitFor(() => expect(router.state.location.search).toBe('?date_to='));
    await waitFor(() => expect(listBodies(calls).at(-1)).not.toHaveProperty('status'));
    expect(listBodies(calls).at(-1)).not.toHaveProperty('date_to');
  });

  it('the Filter panel refuses a date range that ends before it starts', async () => {
    serve();
    const { user } = await openNudges();
    await user.click(screen.getByRole('button', { name: 'Filter 1 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Filter nudges' });
    await user.type(within(panel).getByLabelText('Date from'), '2025-03-10');
    await user.clear(within(panel).getByLabelText('Date to'));
    await user.type(within(panel).getByLabelText('Date to'), '2025-03-01');
    expect(within(panel).getByText('Must not be before Date from')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('clinician sorts, searches and pages, and the URL keeps the view for a reload', async () => {
    const { calls } = serve();
    const { user, router, unmount } = await openNudges();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Participant name (A–Z)',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search nudges' }), 'walk{Enter}');
    // A new search shows no rows until its own arrive, then its own pages.
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ search_key: 'walk' }));
    await within(screen.getByRole('table', { name: 'Nudges' })).findByText('Morning walk');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));

    const expected = {
      page_size: 15,
      start: 15,
      date_to: today(),
      user_type: 'Internal',
      orderBy: 'participant_name',
      orderDirection: 'asc',
      search_key: 'walk',
    };
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual(expected));
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();

    const again = serve();
    await openNudges(url);
    expect(listBodies(again.calls)[0]).toEqual(expected);
    expect(screen.getByRole('searchbox', { name: 'Search nudges' })).toHaveValue('walk');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Participant name (A–Z)',
    );
  });

  it('switching the participant-type tab lists that type from the first page', async () => {
    const { calls } = serve();
    const { user } = await openNudges('/nudges?page=2');
    const tabs = screen.getByRole('tablist', { name: 'Participant type' });
    await user.click(within(tabs).getByRole('tab', { name: 'Pilot' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ user_type: 'Pilot', start: 0 }),
    );
  });

  it("a failed list shows 'Error fetching nudges' as an error snackbar", async () => {
    serve({ list: () => failure(503, 'SERVICE_UNAVAILABLE', 'Down.') });
    setCsrfCookie();
    renderApp({ route: '/nudges', session: loginFor(clinicianUser) });
    await expectSnackbar('Error fetching nudges', 'error');
    const table = screen.getByRole('table', { name: 'Nudges' });
    expect(within(table).getByText('Error fetching nudges')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('clinician exports the filtered list and gets the CSV file', async () => {
    const csv = '\uFEFFID,Date,Title\r\n101,2025-03-01,Morning walk\r\n';
    const { calls } = serve({
      export: () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="nudges-2025-03-01.csv"',
          },
        }),
    });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      // Node's fetch makes its own Blob, not jsdom's, so no instanceof check here.
      saved.push(blob as Blob);
      return 'blob:nudges';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    const { user } = await openNudges('/nudges?status=COMPLETED&search=knee');
    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const exportCall = calls.find((call) => call.url.startsWith(API_PATHS.nudge.export));
    expect(exportCall?.init.method).toBe('GET');
    expect(exportCall?.headers.authorization).toBe('Bearer access-1');
    const query = Object.fromEntries(new URL(exportCall!.url, 'http://portal').searchParams);
    expect(query).toEqual({
      status: 'COMPLETED',
      date_to: today(),
      search_key: 'knee',
      user_type: 'Internal',
      orderBy: 'target_date',
      orderDirection: 'desc',
    });
    expect(clicked[0]).toHaveAttribute('download', 'nudges-2025-03-01.csv');
    expect(clicked[0]).toHaveAttribute('href', 'blob:nudges');
    // The byte order mark stays, so spreadsheet programs read the file as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await saved[0]!.arrayBuffer(),
    );
    expect(text).toBe(csv);
  });

  it('a refused export shows the server sentence as an error snackbar', async () => {
    serve({ export: () => failure(403, 'FORBIDDEN', 'You do not have permission to do this.') });
    const { user } = await openNudges();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await expectSnackbar('You do not have permission to do this.', 'error');
  });
});
