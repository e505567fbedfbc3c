import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { MFA_MESSAGES, totpCodeSchema } from '@recovery-portal/contract/mfa';
import type { MfaEnrolledLogin } from '@recovery-portal/contract/mfa';
import { OneTimeCodeField } from '#app/components/form/one-time-code-field.tsx';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
import { usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { signInDestination } from '#app/lib/return-after-sign-in.ts';
import { homePathFor, startSession } from '#app/lib/session.ts';
import { useConfirmMfaEnrolment } from '#app/features/mfa/api/confirm-mfa-enrolment.ts';
import { useStartMfaEnrolment } from '#app/features/mfa/api/start-mfa-enrolment.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';
import type { MfaStepProps } from './mfa-step';

const codeFormSchema = z.object({ code: totpCodeSchema });
type CodeForm = z.infer<typeof codeFormSchema>;

/**
 * An administrator requires two-step sign-in and this account has none: the sign-in can only
 * set it up. The first code turns it on; the session starts once the recovery codes were shown.
 */
export function MfaEnrolStep({ challenge, onRestart }: MfaStepProps) {
  const { navigate } = usePortalNavigation();
  const start = useStartMfaEnrolment();
  const confirm = useConfirmMfaEnrolment();
  const [enrolled, setEnrolled] = useState<MfaEnrolledLogin | null>(null);
  const { control, handleSubmit, setError } = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const { mutate: startEnrolment } = start;

  // Once per challenge; the server also answers a repeated start with the same secret.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === challenge.challenge_token) return;
    started.current = challenge.challenge_token;
    startEnrolment(
      { challenge_token: challenge.challenge_token },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) onRestart(errorMessage(error));
        },
      },
    );
  }, [challenge.challenge_token, startEnrolment, onRestart]);

  const onValid = ({ code }: CodeForm) => {
    confirm.mutate(
      { challenge_token: challenge.challenge_token, code },
      {
        onSuccess: setEnrolled,
        onError: (error) => {
          const message = errorMessage(error);
          if (message === MFA_MESSAGES.challengeExpired) {
            onRestart(message);
            return;
          }
          setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  };

  if (enrolled) {
    return (
      <AuthCard title="Save your recovery codes">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Typography variant="body2">{MFA_MESSAGES.enabled}</Typography>
          <RecoveryCodesPanel
            codes={enrolled.recovery_codes}
            accountName={enrolled.user.user_name}
          />
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => {
              startSession(enrolled);
              navigate(signInDestination(enrolled.user.role, homePathFor(enrolled.user.role)), {
                replace: true,
              });
            }}
          >
            Continue
          </Button>
        </Box>
      </AuthCard>
    );
  }

  return (
    // The short title fits the card's heading on one line; the form and text name the setup.
    <AuthCard title="Two-step sign-in">
      <Box
        component="form"
        noValidate
        aria-label="Set up two-step sign-in"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Typography variant="body2">
          Your administrator requires two-step sign-in for all staff. Set it up now to finish
          signing in.
        </Typography>
        {start.data ? (
          <AuthenticatorSetup enrolment={start.data} />
        ) : start.isError ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => startEnrolment({ challenge_token: challenge.challenge_token })}
              >
                Try again
              </Button>
            }
          >
            {errorMessage(start.error)}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Preparing the QR code" />
          </Box>
        )}
        <OneTimeCodeField control={control} name="code" label="Authentication code" kind="totp" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={confirm.isPending}
          disabled={!start.data}
          fullWidth
        >
          Turn on and sign in
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onRestart(null)}
          sx={{ alignSelf: 'center' }}
        >
          Back to login
        </Link>
      </Box>
    </AuthCard>
  );
}
