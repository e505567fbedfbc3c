import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Paginator, paginatorRangeLabel, visiblePages } from './paginator';

function ControlledPaginator({ total, pageSize = 10 }: { total: number; pageSize?: number }) {
  const [page, setPage] = useState(1);
  return <Paginator total={total} page={page} pageSize={pageSize} onPageChange={setPage} />;
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('paginator', () => {
  it('shows the spec labels and the range of the current page', () => {
    render(<Paginator total={42} page={1} pageSize={15} onPageChange={() => {}} />);
    expect(screen.getByText('Items per page:')).toBeInTheDocument();
    expect(screen.getByText('15')).toBeInTheDocument();
    expect(screen.getByText('1 – 15 of 42')).toBeInTheDocument();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('writes the range with an en dash, and 0 of total when nothing is shown', () => {
    expect(paginatorRangeLabel(1, 15, 42)).toBe('1 – 15 of 42');
    expect(paginatorRangeLabel(3, 15, 42)).toBe('31 – 42 of 42');
    expect(paginatorRangeLabel(1, 10, 0)).toBe('0 of 0');
    expect(paginatorRangeLabel(9, 10, 42)).toBe('0 of 42');
    expect(paginatorRangeLabel(1, 0, 42)).toBe('0 of 42');
  });

  it('is hidden when there are no records', () => {
    const { container } = render(
      <Paginator total={0} page={1} pageSize={10} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText('Items per page:')).not.toBeInTheDocument();
  });

  it('shows at most 5 page buttons, moving the window with the current page', async () => {
    const user = userEvent.setup();
    render(<ControlledPaginator total={200} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('41 – 50 of 200')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(pageButtons()).toEqual(['16', '17', '18', '19', '20']);
    expect(screen.getByText('191 – 200 of 200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('181 – 190 of 200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('1 – 10 of 200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('shows only as many page buttons as there are pages', () => {
    render(<Paginator total={25} page={1} pageSize={10} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(7, 7)).toEqual([3, 4, 5, 6, 7]);
  });

  it('reports the chosen page, 1-based, and not the page already shown', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Paginator total={100} page={2} pageSize={10} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('offers a page size select when page size options are given', async () => {
    const user = userEvent.setup();
    const onPageSizeChange = vi.fn();
    render(
      <Paginator
        total={100}
        page={1}
        pageSize={10}
        onPageChange={() => {}}
        pageSizeOptions={[10, 25, 50]}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Items per page:' });
    expect(select).toHaveDisplayValue('10');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50']);
    await user.selectOptions(select, '25');
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });
});
