import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@recovery-portal/contract/envelope';
import type { MessageResponse } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getMfaPolicyQueryOptions } from './get-mfa-policy';
import { getMfaStatusQueryOptions } from './get-mfa-status';

/** DELETE /api/staff/:id/mfa: turns off a staff member's two-step sign-in (a lost phone). */
export function resetStaffMfa(userId: number): Promise<MessageResponse> {
  return apiRequest(API_PATHS.mfa.staff(userId), { method: 'DELETE', schema: messageSchema });
}

export function useResetStaffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffMfa,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: getMfaPolicyQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getMfaStatusQueryOptions().queryKey });
    },
  });
}
