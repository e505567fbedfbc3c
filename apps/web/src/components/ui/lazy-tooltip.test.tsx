import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, IconButton } from '@mui/material';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

// The first dynamic import in a test run is slow.
const LOADED = { timeout: 5_000 };

function renderIconButton(onClick = vi.fn()) {
  render(
    <LazyTooltip title="Sign-in security">
      <IconButton aria-label="Sign-in security" onClick={onClick}>
        S
      </IconButton>
    </LazyTooltip>,
  );
  return () => screen.getByRole('button', { name: 'Sign-in security' });
}

describe('lazy tooltip', () => {
  it('the control is named before the hint loads, and the first hover shows the hint', async () => {
    const button = renderIconButton();
    const drawn = button();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await userEvent.setup().hover(drawn);
    expect(await screen.findByRole('tooltip', {}, LOADED)).toHaveTextContent('Sign-in security');
    // The control was not drawn anew when the hint arrived.
    expect(button()).toBe(drawn);
  });

  it('the first keyboard focus shows the hint and keeps the focus on the control', async () => {
    const button = renderIconButton();
    await userEvent.setup().tab();
    expect(await screen.findByRole('tooltip', {}, LOADED)).toHaveTextContent('Sign-in security');
    expect(button()).toHaveFocus();
  });

  it('a click while the hint is loading reaches the control', async () => {
    const onClick = vi.fn();
    const button = renderIconButton(onClick);
    const user = userEvent.setup();
    await user.click(button());
    await screen.findByRole('tooltip', {}, LOADED);
    await user.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a hint that describes its control does so before it loads', () => {
    render(
      <LazyTooltip title="Click to view Digital Twin" describeChild>
        <Button>Clara Oswald</Button>
      </LazyTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Clara Oswald' })).toHaveAccessibleDescription(
      'Click to view Digital Twin',
    );
  });
});
