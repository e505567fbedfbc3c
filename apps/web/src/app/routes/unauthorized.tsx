import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';

/** Spec §2: shows 401 and UNAUTHORIZED; the guard has already ended the session. */
export function UnauthorizedRoute() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <title>Unauthorized · Recovery Portal</title>
      <Typography
        component="p"
        sx={{ fontSize: '5rem', fontWeight: 700, lineHeight: 1, color: 'primary.main' }}
      >
        401
      </Typography>
      <Typography variant="h1" sx={{ mt: 1, mb: 2, letterSpacing: 2 }}>
        UNAUTHORIZED
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You do not have access to that page. Log in with an account that does.
      </Typography>
      <Button component={RouterLink} to={WEB_ROUTES.login} variant="contained">
        Go to login
      </Button>
    </Box>
  );
}
