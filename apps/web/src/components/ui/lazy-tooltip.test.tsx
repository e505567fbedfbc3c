import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconButton } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { LazyTooltip } from './lazy-tooltip';

// The first dynamic import in a test run is slow.
const LOADED = { timeout: 5_000 };

function renderButton() {
  renderWithProviders(
    <LazyTooltip title="Sign-in security">
      <IconButton aria-label="Sign-in security">S</IconButton>
    </LazyTooltip>,
  );
}

describe('lazy tooltip', () => {
  it('the control is named before its hint loads, and hovering shows the hint', async () => {
    renderButton();
    const button = () => screen.getByRole('button', { name: 'Sign-in security' });
    expect(button()).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    const user = userEvent.setup();
    // Once the hint's code has loaded, the pointer coming over the control shows it.
    await waitFor(async () => {
      await user.unhover(button());
      await user.hover(button());
      expect(await screen.findByRole('tooltip', {}, { timeout: 300 })).toHaveTextContent(
        'Sign-in security',
      );
    }, LOADED);
  });

  it('a keyboard user keeps the focus on the control when it is drawn again with its hint', async () => {
    renderButton();
    const before = screen.getByRole('button', { name: 'Sign-in security' });
    const user = userEvent.setup();
    await user.tab();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Sign-in security' })).not.toBe(before),
      LOADED,
    );
    expect(screen.getByRole('button', { name: 'Sign-in security' })).toHaveFocus();
  });
});
