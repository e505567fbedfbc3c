import { Box, Button, Typography } from '@mui/material';
import { MESSAGES } from '@recovery-portal/contract/messages';

/**
 * Last resort for a page that failed to render or load its code (for example after a new release
 * replaced the chunks). Reloading fetches the current build.
 */
export function LoadFailure() {
  return (
    <Box role="alert" sx={{ maxWidth: 560, mx: 'auto', py: 6, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {MESSAGES.generic}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
