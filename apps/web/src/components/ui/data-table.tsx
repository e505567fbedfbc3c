import { lazy, Suspense, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
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
import { STACKED_LABEL_SX, STACKED_TABLE_SX, useStackWhenTooWide } from './table-fit';
import type { StackedPlacement } from './table-fit';

// Shown only while a later page or filter loads, so not part of a list's first load (DESIGN §7);
// its line is kept free, so nothing moves when it arrives.
const UpdatingBar = lazy(() => import('@mui/material/LinearProgress'));

/** Spec §2: the texts of an empty table. */
export const EMPTY_TEXTS = { loading: 'Loading...', empty: 'No data available' } as const;

export type RowId = string | number;

/** How many rows a card of the participant details page shows before "Show all". */
export const DETAILS_PREVIEW_ROWS = 5;

export type DataTableColumn<Row> = {
  id: string;
  header: ReactNode;
  /**
   * The column's name in words, for the column chooser and a stacked card's field label; needed
   * when `header` is not a plain string.
   */
  label?: string;
  /** The cell's content; `stacked` says the row is shown as a card (table-fit.ts). */
  cell: (row: Row, layout: { stacked: boolean }) => ReactNode;
  /**
   * Offered in the column chooser, shown or hidden until the user chooses; without it the column
   * is always shown.
   */
  optional?: 'shown' | 'hidden';
  /**
   * Where the cell goes when rows are stacked as cards: 'title' leads the card, 'full' takes a
   * labelled line of its own, 'bare' a line without a label (row actions). Otherwise it is a
   * labelled field sharing a line.
   */
  stacked?: StackedPlacement;
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
  /** Keeps the header in view while the page scrolls past a long table. */
  stickyHeader?: boolean;
  /**
   * Shows only the first rows, in full, with a "Show all" button under them (and no paginator
   * until all are shown): for a card among many on one page.
   */
  preview?: number;
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

/** The column's name in words: its label, else its header when that is text. */
export function columnLabel<Row>(column: DataTableColumn<Row>): string {
  if (column.label) return column.label;
  return typeof column.header === 'string' ? column.header : column.id;
}

/**
 * A Material table with the spec's empty states, optional row click, selection and paginator.
 * It never scrolls sideways: when its columns do not fit, each row becomes a card of labelled
 * fields (a phone, or a column set wider than the screen).
 */
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
  preview,
  emptyText = EMPTY_TEXTS.empty,
  error = null,
  loadingText = EMPTY_TEXTS.loading,
  pagination,
  size = 'medium',
  sx,
}: DataTableProps<Row>) {
  const columnCount = columns.length + (selection ? 1 : 0);
  const [expanded, setExpanded] = useState(false);
  const total = pagination?.total ?? rows.length;
  const previewing = preview !== undefined && !expanded && total > preview;
  const shownRows = previewing ? rows.slice(0, preview) : rows;
  const { containerRef, stacked } = useStackWhenTooWide(
    columns.map((column) => column.id).join(' '),
  );
  const shownIds = shownRows.map(getRowId);
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
    // table fits itself to it instead of widening the page.
    <Box sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box sx={{ height: 4 }}>
        {fetching && rows.length > 0 && (
          <Suspense fallback={null}>
            <UpdatingBar aria-label={`Updating ${label}`} />
          </Suspense>
        )}
      </Box>
      {/*
        The container clips rather than scrolls: a table too wide for it is stacked into cards
        (table-fit.ts, ADR 0025), measured before the first paint.
      */}
      <TableContainer
        ref={containerRef}
        sx={{
          overflowX: 'clip',
          // The containing block of absolutely placed cell content (visually hidden labels such
          // as 'No feedback'): without it that content escapes and widens the page.
          position: 'relative',
        }}
      >
        <Table
          aria-label={label}
          aria-busy={loading || fetching}
          stickyHeader={stickyHeader && !stacked}
          size={size}
          // Chromium keeps a re-laid-out table's roles, other engines may not: say them.
          role={stacked ? 'table' : undefined}
          sx={stacked ? STACKED_TABLE_SX : undefined}
        >
          <TableHead role={stacked ? 'rowgroup' : undefined}>
            <TableRow role={stacked ? 'row' : undefined}>
              {selection && (
                <TableCell padding="checkbox" role={stacked ? 'columnheader' : undefined}>
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selectedShown.length > 0 && !allSelected}
                    disabled={shownRows.length === 0 || stale}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                  {stacked && <span aria-hidden="true">Select all</span>}
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  role={stacked ? 'columnheader' : undefined}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: column.width }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody
            inert={stale}
            role={stacked ? 'rowgroup' : undefined}
            sx={stale ? { opacity: 0.6 } : undefined}
          >
            {error ? (
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ py: 2 }}>
                  <LoadError message={error.message} onRetry={error.onRetry} />
                </TableCell>
              </TableRow>
            ) : shownRows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                  {loading ? loadingText : emptyText}
                </TableCell>
              </TableRow>
            ) : (
              shownRows.map((row) => {
                const id = getRowId(row);
                const isSelected = selection?.selected.has(id) ?? false;
                return (
                  <TableRow
                    key={id}
                    role={stacked ? 'row' : undefined}
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
                      <TableCell
                        padding="checkbox"
                        role={stacked ? 'cell' : undefined}
                        onClick={(event) => event.stopPropagation()}
                      >
                        <Checkbox
                          checked={isSelected}
                          onChange={() => toggleRow(id)}
                          slotProps={{ input: { 'aria-label': selection.getRowLabel(row) } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => {
                      const content = column.cell(row, { stacked });
                      const empty = content === null || content === undefined || content === '';
                      return (
                        <TableCell
                          key={column.id}
                          align={column.align}
                          role={stacked ? 'cell' : undefined}
                          data-stacked={column.stacked}
                          data-empty={stacked && empty ? '' : undefined}
                          sx={column.sx}
                          onClick={
                            column.stopRowClick ? (event) => event.stopPropagation() : undefined
                          }
                          onKeyDown={
                            column.stopRowClick ? (event) => event.stopPropagation() : undefined
                          }
                        >
                          {stacked && column.stacked !== 'title' && column.stacked !== 'bare' && (
                            <Box component="span" aria-hidden="true" sx={STACKED_LABEL_SX}>
                              {columnLabel(column)}
                            </Box>
                          )}
                          {content}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {preview !== undefined && total > preview && (
        <Button
          size="small"
          aria-expanded={expanded}
          onClick={() => setExpanded((current) => !current)}
          sx={{ mt: 1 }}
        >
          {expanded ? 'Show fewer' : `Show all ${total}`}
        </Button>
      )}
      {pagination && !previewing && <Paginator {...pagination} />}
    </Box>
  );
}
