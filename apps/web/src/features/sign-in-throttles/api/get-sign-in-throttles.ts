import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { signInThrottleListSchema } from '@recovery-portal/contract/sign-in-throttles';
import type { SignInThrottle } from '@recovery-portal/contract/sign-in-throttles';
import { apiRequest } from '#app/lib/api/request.ts';
import { signInThrottleKeys } from './sign-in-throttle-keys';

/** GET /api/staff/sign-in-throttles: accounts and addresses with recent failed sign-ins. */
export function getSignInThrottles(signal?: AbortSignal): Promise<SignInThrottle[]> {
  return apiRequest(API_PATHS.staff.signInThrottles, {
    schema: signInThrottleListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSignInThrottlesQueryOptions() {
  return queryOptions({
    queryKey: signInThrottleKeys.all,
    queryFn: ({ signal }) => getSignInThrottles(signal),
  });
}

export function useSignInThrottles() {
  return useQuery(getSignInThrottlesQueryOptions());
}
