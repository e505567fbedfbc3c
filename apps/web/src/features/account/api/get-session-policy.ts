import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { sessionPolicySchema } from '@recovery-portal/contract/session-policy';
import type { SessionPolicy } from '@recovery-portal/contract/session-policy';
import { apiRequest } from '#app/lib/api/request.ts';
import { authKeys } from './auth-keys';

/** GET /api/account/session-policy: the idle period the portal signs users out after. */
export function getSessionPolicy(signal?: AbortSignal): Promise<SessionPolicy> {
  return apiRequest(API_PATHS.sessionPolicy, {
    schema: sessionPolicySchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSessionPolicyQueryOptions() {
  return queryOptions({
    queryKey: authKeys.sessionPolicy(),
    queryFn: ({ signal }) => getSessionPolicy(signal),
    // Set by the server's configuration: it changes only with a restart.
    staleTime: Infinity,
  });
}

export function useSessionPolicy() {
  return useQuery(getSessionPolicyQueryOptions());
}
