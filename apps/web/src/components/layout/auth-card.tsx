import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** The centred card every signed-out account screen sits in, with the screen's h1. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 56, height: 56 }} />
        </Box>
        <Typography variant="h1" align="center" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
