import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clearedSignInThrottleSchema } from '@recovery-portal/contract/sign-in-throttles';
import type {
  ClearedSignInThrottle,
  ClearSignInThrottleRequest,
} from '@recovery-portal/contract/sign-in-throttles';
import { apiRequest } from '#app/lib/api/request.ts';
import { getSignInThrottlesQueryOptions } from './get-sign-in-throttles';

/** POST /api/staff/sign-in-throttles/clear: the next sign-in from there is not delayed. */
export function clearSignInThrottle(
  body: ClearSignInThrottleRequest,
): Promise<ClearedSignInThrottle> {
  return apiRequest(API_PATHS.staff.signInThrottlesClear, {
    method: 'POST',
    body,
    schema: clearedSignInThrottleSchema,
  });
}

export function useClearSignInThrottle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearSignInThrottle,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getSignInThrottlesQueryOptions().queryKey }),
  });
}
