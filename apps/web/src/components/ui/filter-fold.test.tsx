import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubViewportWidth } from '#app/testing/viewport.ts';
import { FilterFold, useFiltersFolded } from './filter-fold';

function Toolbar({ applied }: { applied: number }) {
  const folded = useFiltersFolded();
  return (
    <FilterFold
      folded={folded}
      applied={applied}
      filters={<input type="checkbox" aria-label="Mine" />}
    >
      <input type="search" aria-label="Search" />
    </FilterFold>
  );
}

describe('filter fold', () => {
  it('on a phone the filters fold behind one Filters button that counts those applied', async () => {
    stubViewportWidth(390);
    const user = userEvent.setup();
    render(<Toolbar applied={2} />);

    const button = await screen.findByRole('button', { name: 'Filters (2 applied)' });
    // The count is a badge on the button, there to see.
    expect(button.parentElement).toHaveTextContent(/^Filters2$/);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Mine' })).not.toBeInTheDocument();
    // The search stays in view.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('checkbox', { name: 'Mine' })).toBeVisible();

    await user.click(button);
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('with none applied the button shows no count', async () => {
    stubViewportWidth(390);
    render(<Toolbar applied={0} />);
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(button.parentElement).toHaveTextContent(/^Filters$/);
  });

  it('on a laptop the filters sit in the row and there is no Filters button', () => {
    stubViewportWidth(1280);
    render(<Toolbar applied={2} />);
    expect(screen.getByRole('checkbox', { name: 'Mine' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });
});
