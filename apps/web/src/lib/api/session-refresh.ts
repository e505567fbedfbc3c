import { tokenPairSchema } from '@recovery-portal/contract/account';
import type { TokenRequest } from '@recovery-portal/contract/account';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { markSessionExpired } from '#app/lib/return-after-sign-in.ts';
import { clearSession, getSession, setTokens } from '#app/lib/session.ts';
import { ApiError } from './api-error';
import { readEnvelope } from './envelope';
import { send } from './transport';

/**
 * Renewing the access token with the refresh token. It never shows a toast or navigates: a
 * refused refresh clears the session and the app reacts to that.
 */

let refreshing: Promise<string | null> | null = null;

/** The token to retry with after a 401, or null when the request should fail as it is. */
export async function tokenAfterUnauthorized(usedToken: string | null): Promise<string | null> {
  const current = getSession().accessToken;
  // Another request refreshed while this one was in flight: just retry with the new token.
  if (current !== null && current !== usedToken) return current;
  return renewSession();
}

/**
 * Rotates the tokens now; the new access token, or null when the session could not be renewed.
 * Single flight: parallel callers share one refresh, so a rotated refresh token is used once.
 * Besides 401s, the idle logoff calls this while the user is active, which is how the server
 * learns that a session is still in use.
 */
export function renewSession(): Promise<string | null> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshTokens(): Promise<string | null> {
  const refreshToken = getSession().refreshToken;
  if (refreshToken === null) {
    clearSession();
    return null;
  }
  try {
    const body: TokenRequest = { grant_type: 'refresh_token', refresh_token: refreshToken };
    // The token call is public (spec §6): no bearer token, and no refresh of its own on a 401.
    const response = await send(API_PATHS.account.token, { method: 'POST', body }, true, null);
    const tokens = await readEnvelope(response, tokenPairSchema);
    // The user logged out while the refresh was in flight; do not bring the session back.
    if (getSession().refreshToken !== refreshToken) return null;
    setTokens(tokens);
    return tokens.access_token;
  } catch (error) {
    // The server refused the refresh token: the session is over. A network blip, rate limit
    // or server outage is not the user's fault, so the session is kept for the next attempt.
    if (error instanceof ApiError && [400, 401, 403].includes(error.status)) {
      markSessionExpired();
      clearSession();
    }
    return null;
  }
}
