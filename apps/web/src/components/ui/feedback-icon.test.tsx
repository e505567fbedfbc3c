import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedbackIcon } from './feedback-icon';

describe('feedback icon', () => {
  it('shows a thumbs up icon for THUMBS_UP', () => {
    render(<FeedbackIcon feedback="THUMBS_UP" />);
    expect(screen.getByRole('img', { name: 'Thumbs up' })).toBeInTheDocument();
    expect(screen.queryByText('-')).not.toBeInTheDocument();
  });

  it('shows a thumbs down icon for THUMBS_DOWN', () => {
    render(<FeedbackIcon feedback="THUMBS_DOWN" />);
    expect(screen.getByRole('img', { name: 'Thumbs down' })).toBeInTheDocument();
  });

  it.each([null, undefined, '', 'NO_FEEDBACK', 'SOMETHING_ELSE'])(
    'shows a dash for %s',
    (feedback) => {
      render(<FeedbackIcon feedback={feedback} />);
      expect(screen.getByText('-')).toBeInTheDocument();
      expect(screen.getByText('No feedback')).toBeInTheDocument();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    },
  );
});
