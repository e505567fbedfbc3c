import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import { styled } from '@mui/material/styles';
import FilterList from '@mui/icons-material/FilterList';

/**
 * Whether a list's filters fold behind one Filters button: on a phone or a small tablet they
 * would otherwise fill the first screen before the first row.
 */
export function useFiltersFolded(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('md'));
}

/**
 * The number of filters applied, on the Filters button's corner as MUI's Badge draws it (primary,
 * rectangular overlap): MUI's Badge would weigh 1.4 KB on every list's first load for a button
 * only phones show. Hidden from assistive technology: the button's name says the number.
 */
const CountBadge = styled('span')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  right: 0,
  transform: 'scale(1) translate(50%, -50%)',
  transformOrigin: '100% 0%',
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: 10,
  fontFamily: theme.typography.fontFamily,
  fontWeight: theme.typography.fontWeightMedium,
  fontSize: theme.typography.pxToRem(12),
  lineHeight: 1,
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
}));

export type FilterFoldProps = {
  /** From useFiltersFolded(), so the screen can move more filters into the fold. */
  folded: boolean;
  /** How many filters differ from their defaults, shown on the button. */
  applied: number;
  /** The filters: in the row when there is room, else in the panel the button opens. */
  filters: ReactNode;
  /** What stays in the row either way, at its end (the search box). */
  children?: ReactNode;
};

/**
 * A list's filters, in a toolbar row (flex, wrapping). Folded, the row holds the Filters button
 * with the number applied, then `children`; the button opens the filters on a line of their own.
 */
export function FilterFold({ folded, applied, filters, children }: FilterFoldProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  if (!folded) {
    return (
      <>
        {filters}
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </>
    );
  }
  return (
    <>
      <Box
        component="span"
        sx={{
          position: 'relative',
          display: 'inline-flex',
          verticalAlign: 'middle',
          flexShrink: 0,
        }}
      >
        <Button
          variant={open ? 'contained' : 'outlined'}
          startIcon={<FilterList />}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={applied > 0 ? `Filters (${applied} applied)` : 'Filters'}
          onClick={() => setOpen((current) => !current)}
        >
          Filters
        </Button>
        {applied > 0 && <CountBadge aria-hidden>{applied}</CountBadge>}
      </Box>
      <Box sx={{ flex: '1 1 160px', minWidth: 0, display: 'flex', '& > *': { flexGrow: 1 } }}>
        {children}
      </Box>
      {open && (
        <Box
          id={panelId}
          role="group"
          aria-label="Filters"
          sx={{
            flexBasis: '100%',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1.5,
            pt: 0.5,
          }}
        >
          {filters}
        </Box>
      )}
    </>
  );
}
