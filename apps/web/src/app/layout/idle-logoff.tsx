import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import {
  DEFAULT_IDLE_TIMEOUT_MINUTES,
  idleWarningSeconds,
  SESSION_POLICY_MESSAGES,
  sessionRenewalSeconds,
} from '@recovery-portal/contract/session-policy';
import { useSessionPolicy } from '#app/features/account/api/get-session-policy.ts';
import { logout, useLogout } from '#app/features/account/api/logout.ts';
import { renewSession } from '#app/lib/api/session-refresh.ts';
import { clearIdleSignOutNotice, setIdleSignOutNotice } from '#app/lib/idle-notice.ts';
import { startIdleTimer, type ActivitySource, type IdleTimer } from '#app/lib/idle-timer.ts';
import { getSession, subscribeSession } from '#app/lib/session.ts';
import { useOpenedOnce } from '#app/lib/use-opened-once.ts';

// The warning loads the first time it is due, not with every signed-in page (DESIGN §7).
const IdleWarningDialog = lazy(async () => ({
  default: (await import('./idle-warning-dialog')).IdleWarningDialog,
}));

/** When this tab's session last renewed its tokens (ms), in session storage like the tokens. */
const RENEWED_AT_KEY = 'session_renewed_at';

function readRenewedAt(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(RENEWED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeRenewedAt(at: number): void {
  try {
    window.sessionStorage.setItem(RENEWED_AT_KEY, String(at));
  } catch {
    // Storage blocked: the session renews on the next activity instead.
  }
}

/**
 * The session (refresh-token family) an access token belongs to, its `sid` claim. Tabs tell each
 * other theirs so that a tab whose storage was copied from another, and so shares its refresh
 * token, leaves the renewal to that tab: both rotating one token would look like a stolen token.
 */
function sessionIdOf(accessToken: string | null): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sid = (claims as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * Idle logoff (ADR 0013): after the configured period without activity in any tab, the portal
 * warns for the last minute, then logs out (revoking the refresh token on the server) and the
 * login page says why. While the user is active it renews the session now and then, which is
 * how the server, that refuses sessions left unused, knows this one is in use.
 */
export function IdleLogoff() {
  const navigate = useNavigate();
  const logoutNow = useLogout();
  const policy = useSessionPolicy();
  const minutes = policy.data?.idle_timeout_minutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES;
  const [deadline, setDeadline] = useState<number | null>(null);
  const timer = useRef<IdleTimer | null>(null);
  const warned = useOpenedOnce(deadline !== null);

  useEffect(() => {
    clearIdleSignOutNotice();
  }, []);

  // Every new access token (sign-in, renewal, a refresh after a 401) renews the session.
  useEffect(() => {
    if (readRenewedAt() === null) writeRenewedAt(Date.now());
    let token = getSession().accessToken;
    return subscribeSession(() => {
      const next = getSession().accessToken;
      if (next !== null && next !== token) writeRenewedAt(Date.now());
      token = next;
    });
  }, []);

  useEffect(() => {
    const renewalMs = sessionRenewalSeconds(minutes) * 1000;
    const renewIfDue = (source: ActivitySource, otherSessionId: string | null) => {
      const ownSessionId = sessionIdOf(getSession().accessToken);
      if (source === 'remote' && otherSessionId !== null && otherSessionId === ownSessionId) return;
      const renewedAt = readRenewedAt() ?? 0;
      if (Date.now() - renewedAt < renewalMs) return;
      writeRenewedAt(Date.now());
      void renewSession();
    };
    const idleTimer = startIdleTimer({
      idleMs: minutes * 60_000,
      warningMs: idleWarningSeconds(minutes) * 1000,
      sessionId: sessionIdOf(getSession().accessToken),
      onWarning: setDeadline,
      onActive: () => setDeadline(null),
      onActivity: renewIfDue,
      onIdle: () => {
        setDeadline(null);
        setIdleSignOutNotice(SESSION_POLICY_MESSAGES.idleSignedOut(minutes));
        void logout().then(() => navigate(WEB_ROUTES.login, { replace: true }));
      },
    });
    timer.current = idleTimer;
    return () => {
      idleTimer.stop();
      timer.current = null;
    };
  }, [minutes, navigate]);

  if (!warned) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog
        deadline={deadline}
        onStay={() => timer.current?.staySignedIn()}
        onSignOut={() => {
          timer.current?.stop();
          setDeadline(null);
          logoutNow.mutate();
        }}
      />
    </Suspense>
  );
}
