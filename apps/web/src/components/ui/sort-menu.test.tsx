import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SortMenu } from './sort-menu';

const OPTIONS = [
  { field: 'date', direction: 'desc', label: 'Date (newest first)' },
  { field: 'name', direction: 'asc', label: 'Name (A–Z)' },
] as const;

describe('sort menu', () => {
  it('is a labelled dropdown showing the current sort and reporting the chosen one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SortMenu
        options={OPTIONS}
        value={{ field: 'date', direction: 'desc' }}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveDisplayValue('Date (newest first)');
    await user.selectOptions(select, 'Name (A–Z)');
    expect(onChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });
});
