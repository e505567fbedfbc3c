import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkerSegmentLive } from '@recovery-portal/contract/digital-twin';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { DigitalTwinDialog } from './digital-twin-dialog';

const TWIN = { name: 'Jane', goals: ['walk 30 minutes'], knee: { side: 'left', weeks: 6 } };

function liveOn(date: string): MarkerSegmentLive {
  return {
    date,
    segments: [
      { id: 1, name: `Early recovery ${date}`, from: '2025-03-01', to: null },
      { id: 2, name: 'Low activity', from: '2025-03-01', to: '2025-04-01' },
    ],
    markers: [
      {
        id: 10,
        type: 'Symptom',
        topic: 'Cardiac',
        marker_name: `Chest pain ${date}`,
        from: '2025-03-02',
        to: '2025-03-30',
      },
      { id: 11, type: null, topic: null, marker_name: null, from: '2025-03-05', to: null },
    ],
  };
}

type Handlers = {
  twin?: () => Response | Promise<Response>;
  live?: (date: string | null) => Response | Promise<Response>;
};

function serve({ twin = () => success(TWIN), live }: Handlers = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://portal.test');
    if (url.pathname === API_PATHS.chat.digitalTwin(7)) return twin();
    if (url.pathname === API_PATHS.user.markerSegmentLive) {
      const date = url.searchParams.get('date_string');
      return live ? live(date) : success(liveOn(date ?? ''));
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

const liveDates = (calls: FetchCall[]) =>
  calls
    .map((call) => new URL(call.url, 'http://portal.test'))
    .filter((url) => url.pathname === API_PATHS.user.markerSegmentLive)
    .map((url) => [url.searchParams.get('user_id'), url.searchParams.get('date_string')]);

/**
 * A snackbar of the given kind, repeated in the dialog's own live region: the open modal hides
 * the page's snackbars from assistive technology.
 */
async function expectMessage(dialog: HTMLElement, message: string, kind: 'success' | 'error') {
  await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(message));
  // The snackbar library loads with the first notification, so the snackbar follows a moment later.
  await waitFor(() => {
    const snackbar = screen
      .getAllByText(message)
      .find((element) => element.closest('.notistack-MuiContent') !== null);
    expect(snackbar?.closest('.notistack-MuiContent')).toHaveClass(`notistack-MuiContent-${kind}`);
  });
}

async function openDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<DigitalTwinDialog participantId={7} open onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Digital Twin' });
  return { ...view, dialog, onClose };
}

describe('digital twin dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clinician sees the twin as pretty-printed JSON in a 1000px, 90vh dialog', async () => {
    const { calls } = serve();
    const { dialog, user, onClose } = await openDialog();
    // At least 800px from a laptop up (a media query jsdom does not apply); never wider than the screen.
    expect(dialog).toHaveStyle({ width: '1000px', height: '90vh', maxWidth: 'calc(100vw - 32px)' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profile', 'Marker Membership', 'Segments']);
    expect(within(dialog).getByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const json = await within(dialog).findByLabelText('Digital twin JSON');
    expect(json.tagName).toBe('PRE');
    expect(json.textContent).toBe(JSON.stringify(TWIN, null, 2));
    // The day tabs are not asked for until one is opened.
    expect(liveDates(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('copy to clipboard puts the JSON on the clipboard and says so', async () => {
    serve();
    const { dialog, user } = await openDialog();
    await within(dialog).findByLabelText('Digital twin JSON');
    await user.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(TWIN, null, 2));
    await expectMessage(dialog, 'Copied to clipboard', 'success');
  });

  it('a twin that fails to load is silent: no error message, no endless loading', async () => {
    serve({
      twin: () => failure(404, 'NOT_FOUND', 'There is no digital twin for this participant yet.'),
    });
    const { dialog } = await openDialog();
    expect(
      await within(dialog).findByText('There is no digital twin for this participant yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading...')).not.toBeInTheDocument();
    expect(document.querySelector('.notistack-MuiContent')).toBeNull();
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    expect(within(dialog).queryByRole('button', { name: 'Copy to clipboard' })).toBeNull();
  });

  it('marker membership lists the day’s markers, with a dash for a missing type, topic or marker', async () => {
    const { calls } = serve();
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
    const table = await within(dialog).findByRole('table', { name: 'Marker Membership' });
    await within(table).findByText('Chest pain 2025-03-10');
    expect(liveDates(calls)).toEqual([['7', '2025-03-10']]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Topic', 'Marker', 'From', 'Expiry Date']);
    const [, full, bare] = within(table).getAllByRole('row');
    expect(
      within(full!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Symptom', 'Cardiac', 'Chest pain 2025-03-10', 'Mar 2, 2025', 'Mar 30, 2025']);
    expect(
      within(bare!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['-', '-', '-', 'Mar 5, 2025', '-']);
  });

  it('the day picker steps a day back and forward and refetches for that day, on both day tabs', async () => {
    const { calls } = serve();
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
    const day = within(dialog).getByRole('group', { name: 'Day' });
    expect(day).toHaveTextContent('Mar 10, 2025');

    await user.click(within(day).getByRole('button', { name: 'Previous day' }));
    expect(day).toHaveTextContent('Mar 9, 2025');
    expect(await within(dialog).findByText('Chest pain 2025-03-09')).toBeInTheDocument();
    expect(liveDates(calls).at(-1)).toEqual(['7', '2025-03-09']);

    // Segments show the same day.
    await user.click(within(dialog).getByRole('tab', { name: 'Segments' }));
    const segments = await within(dialog).findByRole('list', { name: 'Segments' });
    expect(
      within(segments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Early recovery 2025-03-09', 'Low activity']);

    const segmentDay = within(dialog).getByRole('group', { name: 'Day' });
    expect(segmentDay).toHaveTextContent('Mar 9, 2025');
    await user.click(within(segmentDay).getByRole('button', { name: 'Next day' }));
    await user.click(within(segmentDay).getByRole('button', { name: 'Next day' }));
    expect(segmentDay).toHaveTextContent('Mar 11, 2025');
    expect(await within(dialog).findByText('Early recovery 2025-03-11')).toBeInTheDocument();
    expect(liveDates(calls).at(-1)).toEqual(['7', '2025-03-11']);
  });

  it("an empty day says 'No data available' and 'No segments available', and 'Loading...' while it loads", async () => {
    const answers: ((response: Response) => void)[] = [];
    serve({ live: () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
    expect(await within(dialog).findByText('Loading...')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Segments' }));
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();

    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!(success({ date: '2025-03-10', segments: [], markers: [] }));
    expect(await within(dialog).findByText('No segments available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
    expect(await within(dialog).findByText('No data available')).toBeInTheDocument();
  });

  it("a failed membership load shows 'Error fetching membership data' as an error snackbar", async () => {
    serve({ live: () => failure(503, 'SERVICE_UNAVAILABLE', 'Down.') });
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Marker Membership' }));
    await expectMessage(dialog, 'Error fetching membership data', 'error');
    expect(within(dialog).getByText('No data available')).toBeInTheDocument();
  });
});
