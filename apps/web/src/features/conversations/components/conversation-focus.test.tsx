import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, participantDetailsPath } from '@recovery-portal/contract/paths';
import type { ProfileConversation } from '@recovery-portal/contract/profile';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import {
  conversationFocusFromParams,
  withoutConversationFocus,
} from '#app/features/conversations/conversation-focus.ts';
import { ParticipantConversationsCard } from './participant-conversations-card';

const MATCH = 'Actually, I had some chest pain last night climbing the stairs.';

const CONVERSATION: ProfileConversation = {
  id: 44,
  chat_start_date: new Date(2026, 2, 14, 18, 0).toISOString(),
  chat_end_date: new Date(2026, 2, 14, 18, 5).toISOString(),
  summary: 'Reported chest pain on exertion.',
  patient_summary: 'Your care team will call you today.',
  markers: JSON.stringify([{ content: 'chest pain' }, { content: 'symptoms on exertion' }]),
  chat_threads: JSON.stringify([
    { userId: 'Coach', message: 'Any chest pain since we spoke?' },
    { userId: '7', message: `Hello. ${MATCH} It went away.` },
  ]),
  extract: 'chest pain, symptoms on exertion',
  next_best_action: null,
  next_visit_date: null,
};

function serve() {
  return mockFetch((call) =>
    call.url === API_PATHS.chat.chatList(7)
      ? success([CONVERSATION])
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

describe('a flag opens its conversation at the match', () => {
  it('the link round-trips through the query string', () => {
    const link = participantDetailsPath(7, {
      conversationId: 44,
      messageIndex: 1,
      highlight: MATCH,
    });
    const params = new URLSearchParams(link.split('?')[1]);
    expect(conversationFocusFromParams(params)).toEqual({
      conversationId: 44,
      messageIndex: 1,
      highlight: MATCH,
    });
    expect(withoutConversationFocus(params).toString()).toBe('');
    expect(conversationFocusFromParams(new URLSearchParams('conversation=abc'))).toBeNull();
  });

  it('the dialog opens with the transcript shown and the matched sentence marked', async () => {
    serve();
    const onFocusClosed = vi.fn();
    const { user } = renderWithProviders(
      <ParticipantConversationsCard
        participantId={7}
        participant={{ first_name: 'Jane', last_name: 'Doe', birth_date: '1961-03-02', mrn: null }}
        focus={{ conversationId: 44, messageIndex: 1, highlight: MATCH }}
        onFocusClosed={onFocusClosed}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: /Conversation with coach/ });
    const transcript = within(dialog).getByRole('list', { name: 'Transcript' });
    const [question, answer] = within(transcript).getAllByRole('listitem');
    expect(answer).toHaveAttribute('data-highlighted', 'true');
    expect([...answer!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([MATCH]);
    expect(question!.querySelector('mark')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close transcript' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onFocusClosed).toHaveBeenCalledTimes(1);
  });

  it('a marker match is marked among the markers', async () => {
    serve();
    renderWithProviders(
      <ParticipantConversationsCard
        participantId={7}
        participant={{ first_name: 'Jane', last_name: 'Doe', birth_date: '1961-03-02', mrn: null }}
        focus={{ conversationId: 44, messageIndex: null, highlight: 'symptoms on exertion' }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: /Conversation with coach/ });
    const markers = within(dialog).getByRole('region', { name: 'Markers' });
    expect([...markers.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'chest pain',
      'symptoms on exertion',
    ]);
    expect(within(dialog).queryByRole('list', { name: 'Transcript' })).not.toBeInTheDocument();
  });

  it('an unknown conversation opens nothing', async () => {
    const { spy } = serve();
    renderWithProviders(
      <ParticipantConversationsCard
        participantId={7}
        participant={{ first_name: 'Jane', last_name: 'Doe', birth_date: '1961-03-02', mrn: null }}
        focus={{ conversationId: 999, messageIndex: 0, highlight: MATCH }}
      />,
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await screen.findByRole('table', { name: 'Jane conversation with coach' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
