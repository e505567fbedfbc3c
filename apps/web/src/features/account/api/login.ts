import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@recovery-portal/contract/account';
import type { LoginResult } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { startSession } from '#app/lib/session.ts';

/**
 * The HTTP client and the response schema load on first use (or preloadLogin), so the first load
 * of /login carries no validation library (DESIGN §7).
 */
function loadRequestCode() {
  return Promise.all([import('#app/lib/api/request.ts'), import('@recovery-portal/contract/mfa')]);
}

/** Starts downloading what a login needs, e.g. once the form is on screen. */
export function preloadLogin(): void {
  loadRequestCode().catch(() => undefined);
}

/** POST /api/account/login: the session, or a two-step challenge when a code is needed. */
export async function login(body: LoginRequest): Promise<LoginResult> {
  const [{ apiRequest }, { loginResultSchema }] = await loadRequestCode();
  return apiRequest(API_PATHS.account.login, {
    method: 'POST',
    body,
    schema: loginResultSchema,
  });
}

/**
 * Signs in and stores both tokens and the user before any caller callback runs. A two-step
 * challenge stores nothing: the session starts when the code is accepted.
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (!('challenge_token' in data)) startSession(data);
    },
  });
}
