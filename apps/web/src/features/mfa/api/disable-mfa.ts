import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@recovery-portal/contract/envelope';
import type { MessageResponse } from '@recovery-portal/contract/envelope';
import type { MfaProof } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getMfaPolicyQueryOptions } from './get-mfa-policy';
import { getMfaStatusQueryOptions } from './get-mfa-status';

/** POST /api/account/mfa/disable, confirmed with the password or a current code. */
export function disableMfa(body: MfaProof): Promise<MessageResponse> {
  return apiRequest(API_PATHS.mfa.disable, { method: 'POST', body, schema: messageSchema });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    // An administrator's list of who has it on changes too.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getMfaStatusQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getMfaPolicyQueryOptions().queryKey });
    },
  });
}
