import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SxProps, Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/** How a column's cell sits in a row shown as a card (a table too wide for its screen). */
export type StackedPlacement = 'title' | 'full' | 'bare';

type Fit = { key: string; stacked: boolean; needs: number };

/**
 * Whether a table is shown as stacked cards: only when its columns do not fit its container, so no
 * table ever scrolls sideways. A ResizeObserver watches the container and the table (a table that
 * overflows grows wider than its container, with new rows or a narrower window) and answers
 * before the browser paints; `layoutKey` names the column set, and a new set is tried as a table
 * again. A stacked table turns back into one when its container grows to the width it needed.
 */
export function useStackWhenTooWide(layoutKey: string) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [fit, setFit] = useState<Fit>({ key: layoutKey, stacked: false, needs: 0 });
  if (fit.key !== layoutKey) setFit({ key: layoutKey, stacked: false, needs: 0 });

  useEffect(() => {
    if (!container || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const { clientWidth, scrollWidth } = container;
      // Synchronously, so the overflowing table is never painted.
      flushSync(() =>
        setFit((previous) => {
          if (previous.stacked) {
            return clientWidth >= previous.needs ? { ...previous, stacked: false } : previous;
          }
          return clientWidth > 0 && scrollWidth > clientWidth + 1
            ? { ...previous, stacked: true, needs: scrollWidth }
            : previous;
        }),
      );
    });
    observer.observe(container);
    if (container.firstElementChild) observer.observe(container.firstElementChild);
    return () => observer.disconnect();
  }, [container]);

  return { containerRef: setContainer, stacked: fit.key === layoutKey && fit.stacked };
}

const FIELD_BASIS = 136;

/**
 * A table laid out as one card per row: each cell a labelled field, fields sharing lines. The
 * header stays for screen readers (visually hidden), except the select-all checkbox.
 */
export const STACKED_TABLE_SX: SxProps<Theme> = {
  display: 'block',
  '& > thead, & > tbody': { display: 'block' },
  '& > thead > tr': { display: 'flex', alignItems: 'center' },
  '& > thead > tr > th': visuallyHidden,
  '& > thead > tr > th.MuiTableCell-paddingCheckbox': {
    position: 'static',
    width: 'auto',
    height: 'auto',
    margin: 0,
    clip: 'auto',
    clipPath: 'none',
    px: 1,
    py: 0.5,
    overflow: 'visible',
    whiteSpace: 'nowrap',
    display: 'flex',
    alignItems: 'center',
    gap: 0.5,
    border: 0,
    typography: 'body2',
    color: 'text.secondary',
  },
  '& > tbody > tr': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    columnGap: 2,
    rowGap: 1,
    px: 1.5,
    py: 1.5,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& > tbody > tr > td': {
    display: 'block',
    border: 0,
    p: 0,
    flex: `1 1 ${FIELD_BASIS}px`,
    minWidth: 0,
    maxWidth: '100%',
    width: 'auto',
    whiteSpace: 'normal',
    overflowWrap: 'break-word',
    textAlign: 'left',
  },
  '& > tbody > tr > td[colspan]': { flexBasis: '100%', textAlign: 'center' },
  // A field with nothing to say (no open flags) is left out of the card.
  '& > tbody > tr > td[data-empty]': { display: 'none' },
  '& > tbody > tr > td.MuiTableCell-paddingCheckbox': { flex: '0 0 auto', order: -2, ml: -1 },
  // Beside the checkbox when there is one, else on a line of its own.
  '& > tbody > tr > td[data-stacked="title"]': {
    order: -1,
    flex: '1 1 calc(100% - 64px)',
    alignSelf: 'center',
  },
  '& > tbody > tr > td[data-stacked="full"], & > tbody > tr > td[data-stacked="bare"]': {
    flexBasis: '100%',
  },
};

/** The field label a stacked cell shows above its value. */
export const STACKED_LABEL_SX: SxProps<Theme> = {
  display: 'block',
  typography: 'caption',
  color: 'text.secondary',
  fontWeight: 600,
};
