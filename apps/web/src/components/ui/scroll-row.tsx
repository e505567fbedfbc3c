import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';

export type ScrollRowProps = {
  /** Names the navigation landmark the row is. */
  label: string;
  children: ReactNode;
  /** Changes when another entry becomes the current one, which is then scrolled into view. */
  currentKey?: string;
  /** The colour the row sits on, which its edges fade into. */
  background?: 'paper' | 'default';
  /** Styles of the outer box (margins, borders, position). */
  sx?: SxProps<Theme>;
  /** Styles of the scrolling row of entries (gaps, padding). */
  rowSx?: SxProps<Theme>;
};

/** Room kept beside the current entry when it is scrolled into view, clear of the edge cue. */
const EDGE_ROOM_PX = 40;

type Edges = { before: boolean; after: boolean };

/**
 * A navigation row that scrolls sideways when its entries are wider than the screen, never the
 * page. An edge with more entries beyond it fades and shows a chevron (clicking it scrolls that
 * way); a keyboard user reaches every entry with Tab, and the current entry is kept in view.
 */
export function ScrollRow({
  label,
  children,
  currentKey,
  background = 'paper',
  sx,
  rowSx,
}: ScrollRowProps) {
  const ref = useRef<HTMLElement | null>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });

  const updateEdges = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setEdges((previous) =>
      previous.before === before && previous.after === after ? previous : { before, after },
    );
  }, []);

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    row.addEventListener('scroll', updateEdges, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(updateEdges);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', updateEdges);
      observer?.disconnect();
    };
  }, [updateEdges]);

  // Entries come and go without the row changing size (the details page's sections appear as
  // they load), so every render checks again.
  useEffect(updateEdges);

  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>('[aria-current]');
    if (!row || !current) return;
    const start = current.offsetLeft;
    const end = start + current.offsetWidth;
    if (start < row.scrollLeft + EDGE_ROOM_PX) {
      row.scrollLeft = Math.max(start - EDGE_ROOM_PX, 0);
    } else if (end > row.scrollLeft + row.clientWidth - EDGE_ROOM_PX) {
      row.scrollLeft = end - row.clientWidth + EDGE_ROOM_PX;
    }
  }, [currentKey]);

  const scrollBy = (direction: -1 | 1) => {
    const row = ref.current;
    row?.scrollBy({ left: direction * row.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <Box sx={[{ position: 'relative', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box
        component="nav"
        aria-label={label}
        ref={ref}
        sx={[
          {
            // The containing block of the entries' offsetLeft.
            position: 'relative',
            display: 'flex',
            overflowX: 'auto',
            whiteSpace: 'nowrap',
            // The edge cues say there is more; a scrollbar under a menu only adds noise.
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
          },
          ...(Array.isArray(rowSx) ? rowSx : [rowSx]),
        ]}
      >
        {children}
      </Box>
      {edges.before && (
        <EdgeCue side="before" background={background} onClick={() => scrollBy(-1)} />
      )}
      {edges.after && <EdgeCue side="after" background={background} onClick={() => scrollBy(1)} />}
    </Box>
  );
}

/**
 * The fade and chevron at an edge with more entries beyond it. For the pointer only: a keyboard
 * moves through the entries themselves, so the cue is no tab stop and hidden from screen readers.
 */
function EdgeCue({
  side,
  background,
  onClick,
}: {
  side: 'before' | 'after';
  background: 'paper' | 'default';
  onClick: () => void;
}) {
  const before = side === 'before';
  return (
    <Box
      aria-hidden="true"
      data-scroll-cue={side}
      onClick={onClick}
      sx={(theme) => ({
        position: 'absolute',
        top: 0,
        bottom: 0,
        [before ? 'left' : 'right']: 0,
        width: 36,
        display: 'flex',
        alignItems: 'center',
        justifyContent: before ? 'flex-start' : 'flex-end',
        cursor: 'pointer',
        color: 'primary.main',
        background: `linear-gradient(to ${before ? 'right' : 'left'}, ${
          theme.palette.background[background]
        } 55%, transparent)`,
      })}
    >
      {before ? <ChevronLeft /> : <ChevronRight />}
    </Box>
  );
}
