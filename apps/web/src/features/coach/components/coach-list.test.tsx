import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CoachConversation } from '@recovery-portal/contract/coach';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const CONVERSATION: CoachConversation = {
  id: 31,
  date: '2025-03-04',
  time: '14:20',
  ended_at: '2025-03-04T14:20:00.000Z',
  summary:
    'Jane reported tightness in her chest and was advised to call her clinic today before the evening walk and rest until then',
  patient_summary: 'Six weeks after knee replacement, walking daily.',
  participant_id: 7,
  first_name: 'Jane',
  last_name: 'Doe',
  birth_date: '1961-03-02',
  mrn: 'K-0042',
  extract: 'chest pain, knee swelling',
  markers: [{ content: 'chest pain' }, { content: 'knee swelling' }],
  transcript: [
    { userId: 'Coach', message: 'How is your knee today?' },
    { userId: '7', message: 'Better, but I had some chest pain.' },
  ],
  next_best_action: 'Call the clinic',
  next_visit_date: '2025-03-10',
};

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === API_PATHS.chat.list).map((call) => bodyOf(call));

function serve(list = () => success({ chat_list: [CONVERSATION], total_number_of_records: 1 })) {
  setCsrfCookie();
  return mockFetch((call) =>
    call.url === API_PATHS.chat.list ? list() : failure(404, 'NOT_FOUND', 'Nope.'),
  );
}

async function openCoach(route = '/coach') {
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  const table = await screen.findByRole('table', { name: 'Coach conversations' });
  await within(table).findByText('Jane Doe');
  return { ...view, table };
}

describe('coach conversations list', () => {
  it('clinician sees the conversations newest first, 15 a page, with date, summary, participant and extract', async () => {
    const { calls } = serve();
    const { table } = await openCoach();
    expect(listBodies(calls)[0]).toEqual({
      page_size: 15,
      start: 0,
      user_type: 'Internal',
      orderBy: 'created_at',
      orderDirection: 'desc',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Summary', 'Participant', 'Extract']);
    const row = within(table).getAllByRole('row')[1]!;
    // One date-time format everywhere (spec §9's list format).
    expect(row).toHaveTextContent(/Mar 04 2025 \d\d:\d\d [AP]M/);
    // The participant in full with a second identifier, not a first name alone.
    expect(within(row).getByText('Jane Doe')).toBeInTheDocument();
    expect(row).toHaveTextContent('DOB Mar 02, 1961 · MRN K-0042');
    // Spec §9: summaries are cut to 13 words.
    expect(row).toHaveTextContent(
      'Jane reported tightness in her chest and was advised to call her clinic...',
    );
    expect(row).toHaveTextContent('chest pain, knee swelling');
  });

  it('clinician sorts by participant and searches', async () => {
    const { calls } = serve();
    const { user, router } = await openCoach();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Participant (A–Z)',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'jane{Enter}');
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page_size: 15,
        start: 0,
        user_type: 'Internal',
        orderBy: 'participant',
        orderDirection: 'asc',
        search_key: 'jane',
      }),
    );
    expect(router.state.location.search).toBe(
      '?orderBy=participant&orderDirection=asc&search=jane',
    );
  });

  it("clicking a row opens the 60vw dialog, with 'chest pain' in red and nothing else marked", async () => {
    serve();
    const { user, table } = await openCoach();
    await user.click(within(table).getByText('Jane Doe'));

    const dialog = await screen.findByRole('dialog', { name: /Conversation with Jane Doe/ });
    expect(dialog).toHaveStyle({ width: '60vw' });
    const who = within(dialog).getByRole('group', { name: 'Participant' });
    expect(who).toHaveTextContent('Jane Doe');
    expect(who).toHaveTextContent('DOB Mar 02, 1961 · MRN K-0042');
    expect(within(dialog).getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(within(dialog).getByText(CONVERSATION.summary)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Patient Summary' })).toBeInTheDocument();
    expect(within(dialog).getByText(CONVERSATION.patient_summary)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '7' })).toHaveAttribute(
      'href',
      '/participant-details/7',
    );
    expect(within(dialog).getByText('Call the clinic')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 10, 2025')).toBeInTheDocument();

    const markers = within(dialog).getByRole('region', { name: 'Markers' });
    const marks = markers.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['chest pain']);
    expect(marks[0]).toHaveStyle({ color: 'rgb(179, 38, 30)' });
    expect(within(markers).getByText('knee swelling').closest('mark')).toBeNull();
    // Outside the markers the words are not highlighted.
    expect(dialog.querySelectorAll('mark')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the transcript shows coach messages on the left and participant messages on the right', async () => {
    serve();
    const { user, table } = await openCoach();
    await user.click(within(table).getByText('Jane Doe'));
    const dialog = await screen.findByRole('dialog', { name: /Conversation with Jane/ });

    const toggle = within(dialog).getByRole('button', { name: 'View full transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const transcript = within(dialog).getByRole('list', { name: 'Transcript' });
    const [coach, participant] = within(transcript).getAllByRole('listitem');
    expect(coach).toHaveTextContent('CoachHow is your knee today?');
    expect(coach).toHaveStyle({ alignSelf: 'flex-start' });
    expect(participant).toHaveTextContent('JaneBetter, but I had some chest pain.');
    expect(participant).toHaveStyle({ alignSelf: 'flex-end' });

    await user.click(within(dialog).getByRole('button', { name: 'Close transcript' }));
    expect(within(dialog).queryByRole('list', { name: 'Transcript' })).not.toBeInTheDocument();
  });

  it("a failed list shows 'Error fetching coach conversations' as an error snackbar", async () => {
    serve(() => failure(503, 'SERVICE_UNAVAILABLE', 'Down.'));
    renderApp({ route: '/coach', session: loginFor(clinicianUser) });
    const table = await screen.findByRole('table', { name: 'Coach conversations' });
    expect(await within(table).findByText('Error fetching coach conversations')).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('.notistack-MuiContent-error')).toHaveTextContent(
        'Error fetching coach conversations',
      ),
    );
  });
});
