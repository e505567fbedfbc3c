import type { Theme } from '@mui/material';

/**
 * A row of buttons on a phone: tighter, so a toolbar takes two lines rather than four and the
 * list under it starts on the first screen. Add to the row's `sx`.
 */
export const COMPACT_BUTTONS_ON_PHONE = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiButton-sizeMedium': { px: 1.25, py: 0.5, fontSize: '0.8125rem' },
  },
});
