import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

export type VisuallyHiddenProps = {
  children: ReactNode;
  /** 'status' makes it a polite live region that announces changes to its text. */
  role?: 'status';
};

/** Text for screen readers only, e.g. the meaning of a coloured dot. */
export function VisuallyHidden({ children, role }: VisuallyHiddenProps) {
  return (
    <Box component="span" role={role} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
