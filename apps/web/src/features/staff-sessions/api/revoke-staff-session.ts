import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema } from '@recovery-portal/contract/clinicians';
import type { RevokedSessions } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getStaffSessionsQueryOptions } from './get-staff-sessions';

export type RevokeStaffSessionInput = { userId: number; sessionId: string };

/** DELETE /api/staff/:id/sessions/:sessionId: that session is signed out at once. */
export function revokeStaffSession({
  userId,
  sessionId,
}: RevokeStaffSessionInput): Promise<RevokedSessions> {
  return apiRequest(API_PATHS.staff.session(userId, sessionId), {
    method: 'DELETE',
    schema: revokedSessionsSchema,
  });
}

export function useRevokeStaffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaffSession,
    onSettled: (_data, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: getStaffSessionsQueryOptions(userId).queryKey }),
  });
}
