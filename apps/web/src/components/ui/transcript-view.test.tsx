import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TranscriptView } from './transcript-view';

describe('transcript view', () => {
  it("shows the coach's messages on the left and the participant's on the right, in order", () => {
    render(
      <TranscriptView
        participantName="Jane"
        messages={[
          { userId: 'Coach', message: 'Good morning!' },
          { userId: '7', message: 'Morning.' },
          { userId: 'Coach', message: 'How did you sleep?' },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CoachGood morning!',
      'JaneMorning.',
      'CoachHow did you sleep?',
    ]);
    expect(items.map((item) => getComputedStyle(item).alignSelf)).toEqual([
      'flex-start',
      'flex-end',
      'flex-start',
    ]);
  });
});
