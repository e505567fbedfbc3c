import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Link, Typography } from '@mui/material';
import type { MfaChallenge } from '@recovery-portal/contract/mfa';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { SSO_MESSAGES } from '@recovery-portal/contract/sso-constants';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { PortalLink, usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { homePathFor } from '#app/lib/session.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';
import { useCompleteSso } from '#app/features/sso/api/complete-sso.ts';

/**
 * The login page after the identity provider accepted the sign-in: it asks the server for the
 * portal session once, then goes on as a password sign-in would: `renderChallenge` draws the
 * two-step code (the route hands in the mfa feature's step; `restart` returns to /login).
 */
export function SsoCompletion({
  renderChallenge,
}: {
  renderChallenge: (challenge: MfaChallenge, restart: () => void) => ReactNode;
}) {
  const { navigate } = usePortalNavigation();
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
        else navigate(homePathFor(result.user.role), { replace: true });
      },
    });
  }, [mutate, navigate]);

  if (challenge) {
    return renderChallenge(challenge, () => navigate(WEB_ROUTES.login, { replace: true }));
  }

  return (
    <AuthCard title="Login">
      {complete.isError ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography role="alert">{errorMessage(complete.error)}</Typography>
          <Link component={PortalLink} to={WEB_ROUTES.login} replace>
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
