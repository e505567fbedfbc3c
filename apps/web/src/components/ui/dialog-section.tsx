import { useId } from 'react';
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A titled part of a dialog, exposed as a region named by its heading. */
export function DialogSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
