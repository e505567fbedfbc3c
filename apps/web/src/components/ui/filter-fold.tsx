import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Box, Button, useMediaQuery, useTheme } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';

/**
 * Whether a list's filters fold behind one Filters button: on a phone or a small tablet they
 * would otherwise fill the first screen before the first row.
 */
export function useFiltersFolded(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('md'));
}

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
      <Badge color="primary" badgeContent={applied} overlap="rectangular">
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
      </Badge>
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
