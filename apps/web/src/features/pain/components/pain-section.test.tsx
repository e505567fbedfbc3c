import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIN_MESSAGES } from '@recovery-portal/contract/pain';
import type { PainLog } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { PainSection } from './pain-section';

const logs: PainLog[] = [
  {
    id: 2,
    user_id: 7,
    score: 3,
    recorded_at: '2026-03-10T09:00:00Z',
    body_site: 'LEFT_KNEE',
    note: 'Better after rest',
    source: 'CLINICIAN',
    recorded_by: 11,
  },
  {
    id: 1,
    user_id: 7,
    score: 7,
    recorded_at: '2026-03-05T09:00:00Z',
    body_site: 'LEFT_KNEE',
    note: null,
    source: 'SIMULATION',
    recorded_by: null,
  },
];

function serve(stored: PainLog[] = logs) {
  return mockFetch(({ url, init }) => {
    if (url === API_PATHS.pain.lastN) return success(stored);
    if (url === API_PATHS.pain.report) {
      const body = bodyOf({ url, init, headers: {} }) as Partial<PainLog>;
      return success({ ...logs[0], ...body, id: 3 });
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

beforeEach(() => {
  // recharts measures its container; jsdom has no layout, so a no-op observer suffices.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('pain section', () => {
  it('clinician sees the pain chart with a summary and the latest entries', async () => {
    const { calls } = serve();
    renderWithProviders(<PainSection participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Latest pain entries' });
    await within(table).findByText('Better after rest');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('3/10')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Left knee')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Better after rest')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('7/10')).toBeInTheDocument();
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.pain.lastN))).toEqual({
      user_id: 7,
      n: 30,
    });

    const chart = screen.getByRole('figure', { name: 'Pain scores over time (last 30)' });
    expect(chart).toHaveAccessibleDescription(
      /^Latest pain score 3\/10 on .*; 2 scores from 3 to 7\.$/,
    );
  });

  it('clinician records a pain score and the right body is posted', async () => {
    setCsrfCookie();
    const { calls } = serve();
    const { user } = renderWithProviders(<PainSection participantId={7} />);
    await screen.findByRole('table', { name: 'Latest pain entries' });
    await user.click(screen.getByRole('button', { name: 'Record pain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record pain' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: /Pain score/ }));
    await user.click(await screen.findByRole('option', { name: '6' }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Body site/ }));
    await user.click(await screen.findByRole('option', { name: 'Right knee' }));
    await user.type(within(dialog).getByLabelText('Note'), 'After physio');
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText(PAIN_MESSAGES.recorded)).toBeInTheDocument();
    const post = calls.find((call) => call.url === API_PATHS.pain.report);
    expect(bodyOf(post)).toEqual({
      user_id: 7,
      score: 6,
      body_site: 'RIGHT_KNEE',
      note: 'After physio',
    });
    // The list reloads after the new score.
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url === API_PATHS.pain.lastN)).toHaveLength(2),
    );
  });

  it('a participant without pain scores (an invited one) is told so once', async () => {
    serve([]);
    renderWithProviders(<PainSection participantId={7} />);
    expect(await screen.findByText('No pain scores recorded yet.')).toBeVisible();
    // Not the chart's sentence above the table's: one sentence, and neither chart nor table.
    expect(screen.getAllByText(/No pain scores recorded/)).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record pain' })).toBeEnabled();
  });
});
