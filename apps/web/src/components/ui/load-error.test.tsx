import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('load error', () => {
  it('shows what failed once its alert has loaded, and Retry tries again from the keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<LoadError message="Error fetching participants" onRetry={onRetry} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching participants');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
