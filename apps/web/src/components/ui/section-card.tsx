import { useId } from 'react';
import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';

export type SectionCardProps = {
  title: ReactNode;
  children: ReactNode;
  /** Buttons or filters shown at the right of the title. */
  actions?: ReactNode;
  sx?: SxProps<Theme>;
};

/** A card of a screen, exposed as a region named by its h2 title. */
export function SectionCard({ title, children, actions, sx }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={[{ p: 2, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1,
        }}
      >
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
