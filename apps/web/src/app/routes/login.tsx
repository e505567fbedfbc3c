import { lazy, Suspense } from 'react';
import type { MfaChallenge } from '@recovery-portal/contract/mfa';
import { SSO_LOGIN_PARAMS } from '@recovery-portal/contract/sso-constants';
import { LoginForm } from '#app/features/account/components/login-form.tsx';
import { MfaChallengeStep } from '#app/features/mfa/components/mfa-challenge-step.tsx';
import { SsoLogin } from '#app/features/sso/components/sso-login.tsx';
import { usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { getIdleSignOutNotice } from '#app/lib/idle-notice.ts';
import { sessionExpiredNotice } from '#app/lib/return-after-sign-in.ts';

// Completing a single sign-on is rare next to showing the form: its code loads on demand.
const SsoCompletion = lazy(async () => ({
  default: (await import('#app/features/sso/components/sso-completion.tsx')).SsoCompletion,
}));

/**
 * Single sign-on (feature sso) wraps the password sign-in (feature account); after either, the
 * two-step code (feature mfa).
 */
export function LoginRoute() {
  const { searchParams: params } = usePortalNavigation();
  const renderChallenge = (challenge: MfaChallenge, restart: (notice: string | null) => void) => (
    <MfaChallengeStep challenge={challenge} onRestart={restart} />
  );
  return (
    <>
      <title>Login · Recovery Portal</title>
      {params.has(SSO_LOGIN_PARAMS.complete) ? (
        <Suspense fallback={null}>
          <SsoCompletion renderChallenge={renderChallenge} />
        </Suspense>
      ) : (
        <SsoLogin
          renderLogin={({ passwordSignIn, above }) => (
            // After an idle logoff or an expired session the form says why it ended.
            <LoginForm
              notice={getIdleSignOutNotice() ?? sessionExpiredNotice()}
              passwordSignIn={passwordSignIn}
              above={above}
              renderChallenge={renderChallenge}
            />
          )}
        />
      )}
    </>
  );
}
