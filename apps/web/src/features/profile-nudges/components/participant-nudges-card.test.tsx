import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ProfileNudge } from '@recovery-portal/contract/profile';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { getUserNudgesQueryOptions } from '#app/features/profile-nudges/api/get-user-nudges.ts';
import { ParticipantNudgesCard } from './participant-nudges-card';

function nudge(id: number, day: number, extra: Partial<ProfileNudge> = {}): ProfileNudge {
  return {
    id,
    title: `Nudge ${id}`,
    content: `Content of nudge ${id}`,
    target_date: `2025-03-${String(day).padStart(2, '0')}`,
    send_time: '09:00',
    tracking_type: 'COMPLETED',
    feedback_type: null,
    feedback_type_string: '',
    opened_at: null,
    ...extra,
  };
}

// Server order: ascending target date.
const NUDGES = [
  nudge(501, 1, { feedback_type: 'THUMBS_UP', feedback_type_string: 'THUMBS_UP' }),
  nudge(502, 2, { feedback_type: 'THUMBS_DOWN', feedback_type_string: 'THUMBS_DOWN' }),
  nudge(503, 3, { tracking_type: 'PENDING' }),
];

function serve(nudges: () => Response) {
  return mockFetch((call) =>
    call.url.startsWith(API_PATHS.nudge.userNudges)
      ? nudges()
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

const TITLE = 'Jane is receiving the following nudges';

async function showNudges() {
  const view = renderWithProviders(<ParticipantNudgesCard participantId={7} firstName="Jane" />);
  const table = await screen.findByRole('table', { name: TITLE });
  return { ...view, table };
}

const titlesIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.firstChild?.textContent);

describe('nudges on the profile', () => {
  it('clinician sees the nudges newest first with date, nudge, status and feedback icon', async () => {
    const { calls } = serve(() => success(NUDGES));
    const { table } = await showNudges();
    expect(calls[0]?.url).toBe(`${API_PATHS.nudge.userNudges}?user_id=7`);
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Nudge', 'Status', 'Feedback']);
    expect(titlesIn(table)).toEqual(['Nudge 503', 'Nudge 502', 'Nudge 501']);
    const [, newest, middle, oldest] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('Mar 03, 2025Nudge 503Content of nudge 503Pending');
    expect(within(newest!).getByText('No feedback')).toBeInTheDocument();
    expect(within(middle!).getByRole('img', { name: 'Thumbs down' })).toBeInTheDocument();
    expect(within(oldest!).getByRole('img', { name: 'Thumbs up' })).toBeInTheDocument();
    // One page of up to 50.
    expect(screen.getByRole('navigation', { name: 'Nudges pagination' })).toHaveTextContent(
      'Items per page:501 – 3 of 3',
    );
  });

  it('the header stays in view and, past the first five, the list pages by 50', async () => {
    const many = Array.from({ length: 51 }, (_, index) => nudge(600 + index, (index % 28) + 1));
    serve(() => success(many));
    const { user, table } = await showNudges();
    expect(table).toHaveClass('MuiTable-stickyHeader');
    // The newest five in full on the details page; the rest one click away.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    await user.click(screen.getByRole('button', { name: 'Show all 51' }));
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // The last page holds the oldest nudge of the server's list.
    expect(titlesIn(table)).toEqual(['Nudge 600']);
  });

  it('the card is hidden when the participant has no nudges', async () => {
    const { spy } = serve(() => success([]));
    const { container } = renderWithProviders(
      <ParticipantNudgesCard participantId={7} firstName="Jane" />,
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('a failed load hides the card without an error message', async () => {
    serve(() => failure(503, 'SERVICE_UNAVAILABLE', 'Down.'));
    const { container, queryClient } = renderWithProviders(
      <ParticipantNudgesCard participantId={7} firstName="Jane" />,
    );
    const { queryKey } = getUserNudgesQueryOptions(7);
    await waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('error'));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clicking a nudge opens the 500px dialog; previous and next step through the list and stop at its ends', async () => {
    serve(() => success(NUDGES));
    const { user, table } = await showNudges();
    await user.click(within(table).getByText('Nudge 502'));

    const dialog = await screen.findByRole('dialog', { name: /Nudge 502/ });
    expect(dialog).toHaveStyle({ width: '500px' });
    expect(dialog).toHaveAccessibleName('02 Mar 2025 Nudge 502');
    expect(within(dialog).getByText('Content of nudge 502')).toBeInTheDocument();
    const previous = within(dialog).getByRole('button', { name: 'Previous nudge' });
    const next = within(dialog).getByRole('button', { name: 'Next nudge' });

    await user.click(previous);
    expect(within(dialog).getByRole('heading', { name: 'Nudge 503' })).toBeInTheDocument();
    expect(within(dialog).getByText('03 Mar 2025')).toBeInTheDocument();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    await user.click(next);
    expect(within(dialog).getByRole('heading', { name: 'Nudge 501' })).toBeInTheDocument();
    expect(within(dialog).getByText('01 Mar 2025')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
