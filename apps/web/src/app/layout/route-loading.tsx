import { Box, CircularProgress } from '@mui/material';

/** Shown while the first screen's code and guard run. */
export function RouteLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
