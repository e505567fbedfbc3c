import type { KeyboardEvent, ReactNode } from 'react';
import {
  Box,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { LoadError } from './load-error';
import { Paginator } from './paginator';
import type { PaginatorProps } from './paginator';

/** Spec §2: the texts of an empty table. */
export const EMPTY_TEXTS = { loading: 'Loading...', empty: 'No data available' } as const;

export type RowId = string | number;

export type DataTableColumn<Row> = {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** For cells holding their own buttons: a click there does not count as a row click. */
  stopRowClick?: boolean;
  sx?: SxProps<Theme>;
};

export type DataTableSelection<Row> = {
  selected: ReadonlySet<RowId>;
  onChange: (selected: Set<RowId>) => void;
  /** Names each row's checkbox, e.g. "Select Jane Doe". */
  getRowLabel: (row: Row) => string;
};

export type DataTableProps<Row> = {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => RowId;
  /** No rows yet: the empty row says 'Loading...'. */
  loading?: boolean;
  /** Rows are shown but a newer page is on its way: a thin progress bar shows it. */
  fetching?: boolean;
  /**
   * The rows are the previous page's, kept while the next page loads: they stay readable but
   * inert, so no click or key acts on a row that is about to be replaced.
   */
  stale?: boolean;
  /** Makes rows clickable (and focusable, Enter or Space activate them). */
  onRowClick?: (row: Row) => void;
  /** Adds a leading checkbox column with a select-all checkbox for the shown rows. */
  selection?: DataTableSelection<Row>;
  /** Keeps the header in view while the body scrolls; give maxHeight for a scrolling body. */
  stickyHeader?: boolean;
  maxHeight?: number | string;
  emptyText?: string;
  /** The load failed: the table says so in place of rows and offers Retry. */
  error?: { message: string; onRetry: () => unknown } | null;
  loadingText?: string;
  /** Renders the paginator under the table (hidden by the paginator itself when total is 0). */
  pagination?: PaginatorProps;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
};

function activatesRow(event: KeyboardEvent): boolean {
  return event.key === 'Enter' || event.key === ' ';
}

/** A Material table with the spec's empty states, optional row click, selection and paginator. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowId,
  loading = false,
  fetching = false,
  stale = false,
  onRowClick,
  selection,
  stickyHeader = false,
  maxHeight,
  emptyText = EMPTY_TEXTS.empty,
  error = null,
  loadingText = EMPTY_TEXTS.loading,
  pagination,
  size = 'medium',
  sx,
}: DataTableProps<Row>) {
  const columnCount = columns.length + (selection ? 1 : 0);
  const shownIds = rows.map(getRowId);
  const selectedShown = selection ? shownIds.filter((id) => selection.selected.has(id)) : [];
  const allSelected = shownIds.length > 0 && selectedShown.length === shownIds.length;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of shownIds) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };
  const toggleRow = (id: RowId) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    // minWidth 0: in a grid or flex layout the table's card may shrink to the screen, and the
    // table scrolls inside it instead of widening the page.
    <Box sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box sx={{ height: 4 }}>
        {fetching && rows.length > 0 && <LinearProgress aria-label={`Updating ${label}`} />}
      </Box>
      {/*
        A wide table scrolls inside its card, not the page (ADR 0024); keyboard users reach that
        scroll through the container's own tab stop (axe scrollable-region-focusable).
      */}
      <TableContainer
        role="region"
        aria-label={`${label} (scrollable)`}
        tabIndex={0}
        sx={{
          maxHeight,
          // The containing block of absolutely placed cell content (visually hidden labels such
          // as 'No feedback'): without it that content escapes the scroll and widens the page.
          position: 'relative',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <Table
          aria-label={label}
          aria-busy={loading || fetching}
          stickyHeader={stickyHeader}
          size={size}
        >
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selectedShown.length > 0 && !allSelected}
                    disabled={rows.length === 0 || stale}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: column.width }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody inert={stale} sx={stale ? { opacity: 0.6 } : undefined}>
            {error ? (
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ py: 2 }}>
                  <LoadError message={error.message} onRetry={error.onRetry} />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                  {loading ? loadingText : emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const id = getRowId(row);
                const isSelected = selection?.selected.has(id) ?? false;
                return (
                  <TableRow
                    key={id}
                    hover={Boolean(onRowClick)}
                    selected={isSelected}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.target !== event.currentTarget || !activatesRow(event)) {
                              return;
                            }
                            event.preventDefault();
                            onRowClick(row);
                          }
                        : undefined
                    }
                    sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {selection && (
                      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          checked={isSelected}
                          onChange={() => toggleRow(id)}
                          slotProps={{ input: { 'aria-label': selection.getRowLabel(row) } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sx={column.sx}
                        onClick={
                          column.stopRowClick ? (event) => event.stopPropagation() : undefined
                        }
                        onKeyDown={
                          column.stopRowClick ? (event) => event.stopPropagation() : undefined
                        }
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination && <Paginator {...pagination} />}
    </Box>
  );
}
