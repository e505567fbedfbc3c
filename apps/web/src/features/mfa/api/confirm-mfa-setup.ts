import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesSchema } from '@recovery-portal/contract/mfa';
import type { MfaConfirmRequest, RecoveryCodes } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getMfaPolicyQueryOptions } from './get-mfa-policy';
import { getMfaStatusQueryOptions } from './get-mfa-status';

/** POST /api/account/mfa/confirm: the first code turns it on; the recovery codes come once. */
export function confirmMfaSetup(body: MfaConfirmRequest): Promise<RecoveryCodes> {
  return apiRequest(API_PATHS.mfa.confirm, {
    method: 'POST',
    body,
    schema: recoveryCodesSchema,
  });
}

export function useConfirmMfaSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMfaSetup,
    // An administrator's list of who has it on changes too.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getMfaStatusQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getMfaPolicyQueryOptions().queryKey });
    },
  });
}
