import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesSchema } from '@recovery-portal/contract/mfa';
import type { MfaProof, RecoveryCodes } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getMfaStatusQueryOptions } from './get-mfa-status';

/** POST /api/account/mfa/recovery-codes: new codes replace the old ones. */
export function regenerateRecoveryCodes(body: MfaProof): Promise<RecoveryCodes> {
  return apiRequest(API_PATHS.mfa.recoveryCodes, {
    method: 'POST',
    body,
    schema: recoveryCodesSchema,
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getMfaStatusQueryOptions().queryKey }),
  });
}
