import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ProfileConversation } from '@recovery-portal/contract/profile';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ParticipantConversationsCard } from './participant-conversations-card';

const CONVERSATION: ProfileConversation = {
  id: 44,
  // Built from local time so the shown time does not depend on the machine's time zone.
  chat_start_date: new Date(2026, 10, 21, 14, 40).toISOString(),
  chat_end_date: new Date(2026, 10, 21, 15, 4).toISOString(),
  summary:
    'Jane reported tightness in her chest and was advised to call her clinic today before the evening walk',
  patient_summary: 'Six weeks after knee replacement, walking daily.',
  markers: JSON.stringify([
    { content: 'Chest pain after climbing stairs' },
    { content: 'knee swelling in the evening after walking the dog around the park' },
  ]),
  chat_threads: JSON.stringify([
    { userId: 'Coach', message: 'How is your knee today?' },
    { userId: '7', message: 'Better, but I had some chest pain.' },
  ]),
  extract:
    'Chest pain after climbing stairs, knee swelling in the evening after walking the dog around the park',
  next_best_action: 'Call the clinic',
  next_visit_date: '2026-11-28',
};

function serve(conversations: () => Response) {
  return mockFetch((call) =>
    call.url === API_PATHS.chat.chatList(7)
      ? conversations()
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

const TITLE = 'Jane conversation with coach';

async function showConversations() {
  const view = renderWithProviders(
    <ParticipantConversationsCard
      participantId={7}
      participant={{ first_name: 'Jane', last_name: 'Doe', birth_date: '1961-03-02', mrn: null }}
    />,
  );
  const table = await screen.findByRole('table', { name: TITLE });
  return { ...view, table };
}

async function openDialog() {
  serve(() => success([CONVERSATION]));
  const view = await showConversations();
  await view.user.click(within(view.table).getAllByRole('row')[1]!);
  const dialog = await screen.findByRole('dialog', { name: /Conversation with coach/ });
  return { ...view, dialog };
}

describe('coach conversations on the profile', () => {
  it('clinician sees date and time, the summary cut to 13 words and the markers cut to 10', async () => {
    serve(() => success([CONVERSATION]));
    const { table } = await showConversations();
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date & Time', 'Summary', 'Extract']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Nov 21 2026 03:04 PM',
      'Jane reported tightness in her chest and was advised to call her clinic...',
      'Chest pain after climbing stairs, knee swelling in the evening...',
    ]);
  });

  it('the table is hidden when there is no conversation', async () => {
    const { spy } = serve(() => success([]));
    const { container } = renderWithProviders(
      <ParticipantConversationsCard
        participantId={7}
        participant={{ first_name: 'Jane', last_name: 'Doe', birth_date: '1961-03-02', mrn: null }}
      />,
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it("clicking a row opens the 60vw dialog with summaries, reminders and 'chest pain' in red", async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveStyle({ width: '60vw' });
    const region = (name: string) => within(dialog).getByRole('region', { name });
    expect(region('Summary')).toHaveTextContent(CONVERSATION.summary);
    expect(region('Patient Summary')).toHaveTextContent(CONVERSATION.patient_summary);

    const markers = region('Markers');
    const marks = markers.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Chest pain']);
    expect(marks[0]).toHaveStyle({ color: 'rgb(179, 38, 30)' });
    expect(
      within(markers)
        .getByText(/knee swelling/)
        .closest('mark'),
    ).toBeNull();
    expect(dialog.querySelectorAll('mark')).toHaveLength(1);

    const reminders = region('Reminders');
    expect(reminders).toHaveTextContent('AppointmentsNext doctor visit on Nov 28, 2026');
    expect(reminders).toHaveTextContent('Next Best ActionCall the clinic');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the transcript toggle shows coach messages on the left and the participant on the right', async () => {
    const { user, dialog } = await openDialog();
    const toggle = within(dialog).getByRole('button', { name: 'View full transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    expect(toggle).toHaveTextContent('Close transcript');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const transcript = within(dialog).getByRole('list', { name: 'Transcript' });
    const [coach, participant] = within(transcript).getAllByRole('listitem');
    expect(coach).toHaveTextContent('CoachHow is your knee today?');
    expect(coach).toHaveStyle({ alignSelf: 'flex-start' });
    expect(participant).toHaveTextContent('JaneBetter, but I had some chest pain.');
    expect(participant).toHaveStyle({ alignSelf: 'flex-end' });

    await user.click(within(dialog).getByRole('button', { name: 'Close transcript' }));
    expect(within(dialog).queryByRole('list', { name: 'Transcript' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'View full transcript' }),
    ).toBeInTheDocument();
  });
});
