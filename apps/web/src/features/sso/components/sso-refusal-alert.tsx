import { Alert, AlertTitle } from '@mui/material';
import { SSO_MESSAGES, SSO_REFUSAL_MESSAGES } from '@recovery-portal/contract/sso-constants';
import type { SsoRefusal } from '@recovery-portal/contract/sso-constants';

/** Why single sign-on was refused: a chunk of its own, since only a refused sign-in shows it. */
export function SsoRefusalAlert({ refusal }: { refusal: SsoRefusal }) {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{SSO_MESSAGES.refusedTitle}</AlertTitle>
      {SSO_REFUSAL_MESSAGES[refusal]}
    </Alert>
  );
}
