import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaPolicySchema } from '@recovery-portal/contract/mfa';
import type { MfaPolicy, MfaPolicyRequest } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getMfaPolicyQueryOptions } from './get-mfa-policy';
import { getMfaStatusQueryOptions } from './get-mfa-status';

/** PUT /api/staff/mfa-policy: require two-step sign-in for all staff, or stop requiring it. */
export function setMfaPolicy(body: MfaPolicyRequest): Promise<MfaPolicy> {
  return apiRequest(API_PATHS.mfa.policy, { method: 'PUT', body, schema: mfaPolicySchema });
}

export function useSetMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMfaPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(getMfaPolicyQueryOptions().queryKey, policy);
      return queryClient.invalidateQueries({ queryKey: getMfaStatusQueryOptions().queryKey });
    },
  });
}
