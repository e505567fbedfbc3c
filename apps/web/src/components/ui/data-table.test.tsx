import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import type { DataTableColumn, RowId } from './data-table';

type Person = { id: number; name: string };
const PEOPLE: Person[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Grace' },
];
const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name },
  {
    id: 'action',
    header: 'Action',
    stopRowClick: true,
    cell: (row) => <button type="button">Remind {row.name}</button>,
  },
];

describe('data table', () => {
  it('has an accessible name, headers and one row per record', () => {
    render(<DataTable label="People" columns={COLUMNS} rows={PEOPLE} getRowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Action']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it("says 'Loading...' while loading and 'No data available' when empty", () => {
    const { rerender } = render(
      <DataTable label="People" columns={COLUMNS} rows={[]} getRowId={(r) => r.id} loading />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    rerender(<DataTable label="People" columns={COLUMNS} rows={[]} getRowId={(r) => r.id} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('shows an Updating bar above the rows while a later page loads, in its own line', async () => {
    const { rerender } = render(
      <DataTable label="People" columns={COLUMNS} rows={PEOPLE} getRowId={(r) => r.id} fetching />,
    );
    // The bar's code loads when first needed (DESIGN §7).
    expect(await screen.findByRole('progressbar', { name: 'Updating People' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable label="People" columns={COLUMNS} rows={PEOPLE} getRowId={(r) => r.id} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('opens a row by click or keyboard, but not from a button inside it', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getByText('Ada'));
    expect(onRowClick).toHaveBeenLastCalledWith(PEOPLE[0]);

    await user.click(screen.getByRole('button', { name: 'Remind Grace' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);

    const graceRow = screen.getByText('Grace').closest('tr');
    graceRow?.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(PEOPLE[1]);
  });

  it('selects rows with labelled checkboxes and selects all shown rows at once', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    function Harness() {
      const [selected, setSelected] = useState<ReadonlySet<RowId>>(new Set());
      return (
        <DataTable
          label="People"
          columns={COLUMNS}
          rows={PEOPLE}
          getRowId={(r) => r.id}
          onRowClick={onRowClick}
          selection={{ selected, onChange: setSelected, getRowLabel: (r) => `Select ${r.name}` }}
        />
      );
    }
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ada' })).toBeChecked();
    expect(onRowClick).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select Grace' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ada' })).not.toBeChecked();
  });

  it('shows the paginator under the table only when there are records', () => {
    const { rerender } = render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        getRowId={(r) => r.id}
        pagination={{ total: 12, page: 1, pageSize: 2, onPageChange: () => {} }}
      />,
    );
    expect(screen.getByText('1 – 2 of 12')).toBeInTheDocument();
    rerender(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={[]}
        getRowId={(r) => r.id}
        pagination={{ total: 0, page: 1, pageSize: 2, onPageChange: () => {} }}
      />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('can keep its header in view', () => {
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        getRowId={(r) => r.id}
        stickyHeader
      />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toHaveClass('MuiTable-stickyHeader');
  });

  it("makes the previous page's rows inert while the next page loads", () => {
    const { rerender } = render(
      <DataTable label="People" columns={COLUMNS} rows={PEOPLE} getRowId={(r) => r.id} stale />,
    );
    // The browser keeps clicks and focus off an inert subtree (proved end to end in
    // e2e/daily-use.spec.ts); here: the rows are marked so.
    const body = screen.getByText('Ada').closest('tbody');
    expect(body).toHaveAttribute('inert');
    rerender(<DataTable label="People" columns={COLUMNS} rows={PEOPLE} getRowId={(r) => r.id} />);
    expect(screen.getByText('Ada').closest('tbody')).not.toHaveAttribute('inert');
  });

  it('shows the first rows in full and the rest behind Show all, with no paginator until then', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 7 }, (_, index) => ({
      id: index + 1,
      name: `P${index + 1}`,
    }));
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={many}
        getRowId={(r) => r.id}
        preview={3}
        pagination={{ total: 7, page: 1, pageSize: 50, onPageChange: () => {} }}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    const showAll = screen.getByRole('button', { name: 'Show all 7' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('needs no Show all when the rows fit the preview', () => {
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        getRowId={(r) => r.id}
        preview={3}
      />,
    );
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('a table wider than its container becomes labelled cards, still a table to assistive technology', async () => {
    // jsdom has no layout: the container says it is 358 px wide and the table needs 900.
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    const columns: DataTableColumn<Person>[] = [
      { id: 'name', header: 'Name', cell: (row) => row.name, stacked: 'title' },
      { id: 'ward', header: 'Ward', cell: () => 'North' },
      {
        id: 'layout',
        header: <span>Layout</span>,
        label: 'Layout seen',
        cell: (_row, { stacked }) => (stacked ? 'card' : 'row'),
      },
      ...COLUMNS.slice(1).map((column) => ({ ...column, stacked: 'bare' as const })),
    ];
    render(<DataTable label="People" columns={columns} rows={PEOPLE} getRowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).not.toHaveAttribute('role');
    expect(within(table).getAllByText('row')).toHaveLength(2);

    act(() => observers.forEach((notify) => notify()));
    expect(table).toHaveAttribute('role', 'table');
    const [, ada] = within(table).getAllByRole('row');
    // Each field is labelled on the card, but the title and the actions are not.
    expect(
      within(ada!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada', 'WardNorth', 'Layout seencard', 'Remind Ada']);
    // The header stays for screen readers.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
  });
});
