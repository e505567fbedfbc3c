import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { MfaChallenge } from '@recovery-portal/contract/mfa';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { SSO_MESSAGES } from '@recovery-portal/contract/sso-constants';
import { errorMessage } from '../../../lib/api-error';
import { homePathFor } from '../../../lib/session';
import { AuthCard } from '../../auth/components/auth-card';
import { useCompleteSso } from '../api/complete-sso';

const MfaStep = lazy(async () => ({
  default: (await import('../../auth/components/mfa-step')).MfaStep,
}));
const MfaEnrolStep = lazy(async () => ({
  default: (await import('../../auth/components/mfa-enrol-step')).MfaEnrolStep,
}));

/**
 * The login page after the identity provider accepted the sign-in: it asks the server for the
 * portal session once, then goes on as a password sign-in would (two-step code if needed).
 */
export function SsoCompletion() {
  const navigate = useNavigate();
  const complete = useCompleteSso();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const started = useRef(false);
  const { mutate } = complete;

  useEffect(() => {
    // The sign-in can be completed once; a development re-run of effects must not ask twice.
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSuccess: ({ result }) => {
        if ('challenge_token' in result) setChallenge(result);
        else void navigate(homePathFor(result.user.role), { replace: true });
      },
    });
  }, [mutate, navigate]);

  if (challenge) {
    const Step = challenge.mfa === 'ENROL' ? MfaEnrolStep : MfaStep;
    return (
      <Suspense fallback={<AuthCard title="Two-step sign-in">{null}</AuthCard>}>
        <Step
          challenge={challenge}
          onRestart={() => void navigate(WEB_ROUTES.login, { replace: true })}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard title="Login">
      {complete.isError ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography role="alert">{errorMessage(complete.error)}</Typography>
          <Link component={RouterLink} to={WEB_ROUTES.login} replace>
            Back to the login page
          </Link>
        </Box>
      ) : (
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
        >
          <CircularProgress size={24} aria-hidden />
          <Typography>{SSO_MESSAGES.completing}</Typography>
        </Box>
      )}
    </AuthCard>
  );
}
