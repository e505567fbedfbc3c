import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

function Harness({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchBox
        label="Search nudges"
        value={value}
        onSearch={(next) => {
          setValue(next);
          onSearch(next);
        }}
      />
      <button type="button" onClick={() => setValue('from a link')}>
        Restore
      </button>
    </>
  );
}

describe('search box', () => {
  it('applies the search only when Enter is pressed', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search nudges' });
    await user.type(box, 'walk');
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(box, '{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('walk');
  });

  it('applies an empty search as soon as the box is emptied', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search nudges' });
    await user.type(box, 'ab{Enter}');
    await user.type(box, '{Backspace}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    await user.type(box, '{Backspace}');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('the clear button empties the box and clears the search', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search nudges' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    await user.type(box, 'knee{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('clearing text that was never applied does not search again', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search nudges' }), 'typo');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the applied value when it changes from outside', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('searchbox', { name: 'Search nudges' })).toHaveValue('from a link');
  });

  it('while the typed word is not applied, says to press Enter and which search the results are for', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={() => {}} />);
    const box = screen.getByRole('searchbox', { name: 'Search nudges' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.type(box, 'knee');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Press Enter to search. Showing all results.',
    );
    expect(box).toHaveAccessibleDescription('Press Enter to search. Showing all results.');
    await user.type(box, '{Enter}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'knee{Enter}');
    await user.type(box, ' hip');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Press Enter to search. Showing results for “knee”.',
    );
    // Typing the applied word back needs no Enter: the results are already for it.
    await user.type(box, '{Backspace}{Backspace}{Backspace}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
