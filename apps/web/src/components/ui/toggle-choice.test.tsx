import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToggleChoice } from './toggle-choice';

const OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
] as const;

function renderChoice(onChoose = vi.fn()) {
  function Harness() {
    const [value, setValue] = useState<(typeof OPTIONS)[number]['value']>('active');
    return (
      <>
        <ToggleChoice
          label="Status"
          options={OPTIONS}
          value={value}
          onChange={(next) => {
            onChoose(next);
            setValue(next);
          }}
        />
        <button type="button">After</button>
      </>
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  const group = screen.getByRole('group', { name: 'Status' });
  const button = (name: string) => within(group).getByRole('button', { name });
  return { user, button, onChoose };
}

describe('toggle choice', () => {
  it('is a labelled group of buttons, the chosen one pressed, the first the one tab stop', () => {
    const { button } = renderChoice();
    expect(button('Active')).toHaveAttribute('aria-pressed', 'true');
    expect(button('All')).toHaveAttribute('aria-pressed', 'false');
    expect(button('All')).toHaveAttribute('tabindex', '0');
    expect(button('Active')).toHaveAttribute('tabindex', '-1');
    expect(button('Invited')).toHaveAttribute('tabindex', '-1');
  });

  it('arrow keys, Home and End move focus, wrapping; Enter chooses', async () => {
    const { user, button, onChoose } = renderChoice();
    await user.tab();
    expect(button('All')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(button('Active')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(button('All')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(button('Invited')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(button('All')).toHaveFocus();
    await user.keyboard('{End}');
    expect(button('Invited')).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(button('Invited')).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();

    // The tab stop stays on the button last focused.
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(button('Invited')).toHaveAttribute('tabindex', '0');
    expect(button('All')).toHaveAttribute('tabindex', '-1');

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith('invited');
    expect(button('Invited')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Active')).toHaveAttribute('aria-pressed', 'false');
  });

  it('a click chooses; clicking the pressed button keeps the choice', async () => {
    const { user, button, onChoose } = renderChoice();
    await user.click(button('Active'));
    expect(onChoose).not.toHaveBeenCalled();
    expect(button('Active')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('All'));
    expect(onChoose).toHaveBeenLastCalledWith('all');
    expect(button('All')).toHaveAttribute('aria-pressed', 'true');
  });
});
