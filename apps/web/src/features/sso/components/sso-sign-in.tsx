import { lazy, Suspense } from 'react';
import { Box, Button, Divider } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SSO_MESSAGES, type SsoRefusal } from '@recovery-portal/contract/sso-constants';

// MUI's Alert stays off the /login first load (DESIGN §7): only a refused sign-in draws it.
const SsoRefusalAlert = lazy(async () => ({
  default: (await import('./sso-refusal-alert')).SsoRefusalAlert,
}));

/**
 * The "Sign in with …" button (a plain link: the server sends the browser on to the identity
 * provider) and, after a refused sign-in, why it was refused.
 */
export function SsoSignIn({
  name,
  refusal,
  passwordBelow,
}: {
  name: string | null;
  refusal: SsoRefusal | null;
  passwordBelow: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {refusal ? (
        <Suspense fallback={null}>
          <SsoRefusalAlert refusal={refusal} />
        </Suspense>
      ) : null}
      {name ? (
        <Button
          href={API_PATHS.sso.start}
          variant="contained"
          size="large"
          startIcon={<LoginIcon />}
          fullWidth
        >
          {SSO_MESSAGES.signInWith(name)}
        </Button>
      ) : null}
      {name && passwordBelow ? <Divider>or</Divider> : null}
    </Box>
  );
}
