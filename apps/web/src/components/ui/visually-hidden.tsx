import type { ReactNode } from 'react';
import { Box } from '@mui/material';

// Sizes are strings: in MUI's sx a bare 1 means 100%.
const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export type VisuallyHiddenProps = {
  children: ReactNode;
  /** 'status' makes it a polite live region that announces changes to its text. */
  role?: 'status';
};

/** Text for screen readers only, e.g. the meaning of a coloured dot. */
export function VisuallyHidden({ children, role }: VisuallyHiddenProps) {
  return (
    <Box component="span" role={role} sx={hidden}>
      {children}
    </Box>
  );
}
