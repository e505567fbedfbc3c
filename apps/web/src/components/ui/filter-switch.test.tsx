import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterSwitch } from './filter-switch';

function Harness() {
  const [on, setOn] = useState(false);
  return <FilterSwitch label="Mine" checked={on} onChange={setOn} />;
}

describe('filter switch', () => {
  it('is a switch named by its label, one tab stop, toggled with Space and by a click on its label', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">After</button>
      </>,
    );
    const mine = screen.getByRole('switch', { name: 'Mine' });
    expect(mine).not.toBeChecked();
    await user.tab();
    expect(mine).toHaveFocus();
    await user.keyboard(' ');
    expect(mine).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.click(screen.getByText('Mine'));
    expect(mine).not.toBeChecked();
  });
});
