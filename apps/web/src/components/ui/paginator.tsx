import { useId, type ChangeEvent } from 'react';
import { Box, Button, IconButton, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';

/** Spec §9: at most 5 numbered page buttons. */
export const MAX_PAGE_BUTTONS = 5;

export type PaginatorProps = {
  /** Number of records across all pages. The paginator renders nothing when it is 0. */
  total: number;
  /** The current page, 1-based. A list fetches offset (page - 1) × pageSize. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** With two or more options the page size becomes a select; otherwise it is shown as text. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** Accessible name of the paginator's navigation landmark. */
  label?: string;
  maxPageButtons?: number;
};

/** 'start – end of total' with an en dash, or '0 of total' when there is nothing to show (spec §9). */
export function paginatorRangeLabel(page: number, pageSize: number, total: number): string {
  if (total <= 0 || pageSize <= 0) return `0 of ${Math.max(total, 0)}`;
  const start = (Math.max(page, 1) - 1) * pageSize;
  if (start >= total) return `0 of ${total}`;
  const end = Math.min(start + pageSize, total);
  return `${start + 1} – ${end} of ${total}`;
}

export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(Math.ceil(total / pageSize), 0) : 0;
}

/** The page numbers to show as buttons: a window of at most `max` around the current page. */
export function visiblePages(page: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(max, pages);
  const current = Math.min(Math.max(page, 1), pages);
  const first = Math.min(Math.max(current - Math.floor(size / 2), 1), pages - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

/**
 * Items per page, the range of the records shown, first / previous / numbered / next / last
 * page buttons (spec §9). Shown only when there are records.
 */
export function Paginator({
  total,
  page,
  pageSize,
  onPageChange,
  pageSizeOptions = [],
  onPageSizeChange,
  label = 'Pagination',
  maxPageButtons = MAX_PAGE_BUTTONS,
}: PaginatorProps) {
  const sizeSelectId = useId();
  // With a single option there is nothing to choose: the size is shown as text.
  const changeSize = pageSizeOptions.length > 1 ? onPageSizeChange : undefined;
  if (total <= 0) return null;

  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(page, 1), Math.max(pages, 1));
  const onFirst = current <= 1;
  const onLast = current >= pages;
  const goTo = (target: number) => {
    if (target !== current) onPageChange(target);
  };

  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          component={changeSize ? 'label' : 'span'}
          htmlFor={changeSize ? sizeSelectId : undefined}
          variant="body2"
          color="text.secondary"
        >
          Items per page:
        </Typography>
        {/* A plain select: no page's first load then carries MUI's select code (DESIGN §7). */}
        {changeSize ? (
          <Box
            component="select"
            id={sizeSelectId}
            value={pageSize}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              changeSize(Number(event.target.value))
            }
            sx={{
              typography: 'body2',
              color: 'text.primary',
              bgcolor: 'transparent',
              border: 0,
              borderRadius: 1,
              py: 0.5,
              cursor: 'pointer',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            {pageSizeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Box>
        ) : (
          <Typography variant="body2">{pageSize}</Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {paginatorRangeLabel(current, pageSize, total)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
        <IconButton aria-label="First page" disabled={onFirst} onClick={() => goTo(1)}>
          <FirstPage />
        </IconButton>
        <IconButton aria-label="Previous page" disabled={onFirst} onClick={() => goTo(current - 1)}>
          <ChevronLeft />
        </IconButton>
        {visiblePages(current, pages, maxPageButtons).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === current ? 'contained' : 'text'}
            aria-label={`Page ${number}`}
            aria-current={number === current ? 'page' : undefined}
            onClick={() => goTo(number)}
            sx={{ minWidth: 36, px: 1 }}
          >
            {number}
          </Button>
        ))}
        <IconButton aria-label="Next page" disabled={onLast} onClick={() => goTo(current + 1)}>
          <ChevronRight />
        </IconButton>
        <IconButton aria-label="Last page" disabled={onLast} onClick={() => goTo(pages)}>
          <LastPage />
        </IconButton>
      </Box>
    </Box>
  );
}
