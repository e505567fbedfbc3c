import { Alert, AlertTitle, Box, Button, Divider } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  SSO_MESSAGES,
  SSO_REFUSAL_MESSAGES,
  type SsoRefusal,
} from '@recovery-portal/contract/sso-constants';

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
        <Alert severity="error" role="alert">
          <AlertTitle>{SSO_MESSAGES.refusedTitle}</AlertTitle>
          {SSO_REFUSAL_MESSAGES[refusal]}
        </Alert>
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
