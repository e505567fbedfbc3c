import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { SignInOptions } from '@recovery-portal/contract/sso';

/**
 * GET /api/account/sign-in-options: the single sign-on button and whether passwords are
 * offered. The HTTP client and the schema load with the call, as the login's do, so the first
 * load of /login carries no validation library (DESIGN §7).
 */
export async function getSignInOptions(signal?: AbortSignal): Promise<SignInOptions> {
  const [{ apiRequest }, { signInOptionsSchema }] = await Promise.all([
    import('../../../lib/api-client'),
    import('@recovery-portal/contract/sso'),
  ]);
  return apiRequest(API_PATHS.sso.options, {
    schema: signInOptionsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useSignInOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['sign-in-options'],
      queryFn: ({ signal }) => getSignInOptions(signal),
      // Set by the server's configuration: it changes only with a restart.
      staleTime: Infinity,
    }),
  );
}
