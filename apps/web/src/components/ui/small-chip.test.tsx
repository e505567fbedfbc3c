import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmallChip } from './small-chip';

describe('small chip', () => {
  it('reads as its label alone: the icon is decorative and nothing in it takes focus', () => {
    render(
      <SmallChip
        variant="outlined"
        color="warning"
        icon={<svg aria-hidden="true" data-testid="icon" />}
        label="No data yet"
      />,
    );
    const label = screen.getByText('No data yet');
    expect(label.parentElement).toHaveTextContent(/^No data yet$/);
    expect(label.parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(label.parentElement).not.toHaveAttribute('tabindex');
    expect(label.parentElement).not.toHaveAttribute('color');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
