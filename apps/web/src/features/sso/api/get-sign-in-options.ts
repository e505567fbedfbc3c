import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { SignInOptions } from '@recovery-portal/contract/sso';
import { ssoKeys } from './sso-keys';

/**
 * The answer's two fields, checked by hand rather than with the contract's schema: this call
 * runs as /login opens, and the first load of /login carries no validation library (DESIGN §7).
 */
function toSignInOptions(body: unknown): SignInOptions {
  const data = (body as { _success?: unknown; _data?: unknown } | null)?._data;
  const options = (typeof data === 'object' && data !== null ? data : {}) as Record<
    string,
    unknown
  >;
  const { sso_name: ssoName, password_sign_in: passwordSignIn } = options;
  if ((ssoName !== null && typeof ssoName !== 'string') || typeof passwordSignIn !== 'boolean') {
    throw new Error('The server answered the sign-in options in an unexpected shape.');
  }
  return { sso_name: ssoName, password_sign_in: passwordSignIn };
}

/** GET /api/account/sign-in-options: the single sign-on button and whether passwords are offered. */
export async function getSignInOptions(signal?: AbortSignal): Promise<SignInOptions> {
  const response = await fetch(API_PATHS.sso.options, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`Sign-in options answered ${response.status}.`);
  return toSignInOptions(await response.json());
}

export function useSignInOptions() {
  return useQuery(
    queryOptions({
      queryKey: ssoKeys.signInOptions(),
      queryFn: ({ signal }) => getSignInOptions(signal),
      // Set by the server's configuration: it changes only with a restart.
      staleTime: Infinity,
    }),
  );
}
