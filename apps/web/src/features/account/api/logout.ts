import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import type { LogoutRequest } from '@recovery-portal/contract/account';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { clearSession, getSession } from '#app/lib/session.ts';
import { endSessionUrl, leaveToProviderLogout } from '#app/lib/sso-end-session.ts';

/**
 * POST /api/account/logout revokes the refresh token on the server. The local session ends
 * whatever the server answers, so this never throws.
 */
export async function logout(): Promise<void> {
  const { refreshToken } = getSession();
  const providerLogout = endSessionUrl();
  try {
    if (refreshToken !== null) {
      const body: LogoutRequest = { refresh_token: refreshToken };
      await apiRequest(API_PATHS.account.logout, { method: 'POST', body, schema: z.unknown() });
    }
  } catch {
    // Ignored on purpose: an unreachable server must not keep the user signed in.
  } finally {
    // Clearing session storage also resets the participant-type tab; the app provider
    // clears the query cache when it sees the session end.
    clearSession();
    // A single sign-on session also ends at the identity provider, which returns to /login.
    if (providerLogout) leaveToProviderLogout(providerLogout);
  }
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => navigate(WEB_ROUTES.login, { replace: true }),
  });
}
