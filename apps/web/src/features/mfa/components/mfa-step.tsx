import { useState } from 'react';
import { Box, Button, Link, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MFA_MESSAGES, mfaCodeFormSchema } from '@recovery-portal/contract/mfa';
import type { MfaChallenge, MfaCodeForm } from '@recovery-portal/contract/mfa';
import { OneTimeCodeField } from '#app/components/form/one-time-code-field.tsx';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { signInDestination } from '#app/lib/return-after-sign-in.ts';
import { usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { homePathFor } from '#app/lib/session.ts';
import { useVerifyMfa } from '#app/features/mfa/api/verify-mfa.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';

export type MfaStepProps = {
  challenge: MfaChallenge;
  /** Back to the password step, with the sentence to show there (an expired sign-in). */
  onRestart: (notice: string | null) => void;
};

/** Sentences that mean this sign-in is over and must start again with the password. */
const SIGN_IN_OVER: readonly string[] = [
  MFA_MESSAGES.challengeExpired,
  MFA_MESSAGES.notEnrolChallenge,
];

/**
 * The second sign-in step: a code from the authenticator app, or one of the recovery codes.
 * Loaded only when a password step asks for it, so /login's first load stays small.
 */
export function MfaStep({ challenge, onRestart }: MfaStepProps) {
  const { navigate } = usePortalNavigation();
  const notify = useNotify();
  const verify = useVerifyMfa();
  const [recovery, setRecovery] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<MfaCodeForm>({
    resolver: zodResolver(mfaCodeFormSchema),
    defaultValues: { code: '' },
  });

  const onValid = ({ code }: MfaCodeForm) => {
    verify.mutate(
      { challenge_token: challenge.challenge_token, code },
      {
        onSuccess: ({ user }) => {
          navigate(signInDestination(user.role, homePathFor(user.role)), { replace: true });
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (SIGN_IN_OVER.includes(message)) {
            onRestart(message);
            return;
          }
          // A wrong code or too many attempts belong next to the code.
          if (error instanceof ApiError && [400, 401, 429].includes(error.status)) {
            setError('code', { type: 'server', message }, { shouldFocus: true });
            return;
          }
          notify.error(message);
        },
      },
    );
  };

  const switchKind = () => {
    setRecovery((value) => !value);
    reset({ code: '' });
  };

  return (
    <AuthCard title="Two-step sign-in">
      <Box
        component="form"
        noValidate
        aria-label="Two-step sign-in"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Typography variant="body2">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
            : 'Open the authenticator app on your phone and enter the 6-digit code for Recovery Portal.'}
        </Typography>
        <OneTimeCodeField
          key={recovery ? 'recovery' : 'totp'}
          control={control}
          name="code"
          label={recovery ? 'Recovery code' : 'Authentication code'}
          kind={recovery ? 'recovery' : 'totp'}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Link component="button" type="button" variant="body2" onClick={switchKind}>
            {recovery ? 'Use a code from your app' : 'Use a recovery code'}
          </Link>
          <Link component="button" type="button" variant="body2" onClick={() => onRestart(null)}>
            Back to login
          </Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
