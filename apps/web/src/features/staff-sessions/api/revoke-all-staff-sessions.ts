import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokedSessionsSchema } from '@recovery-portal/contract/clinicians';
import type { RevokedSessions } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getStaffSessionsQueryOptions } from './get-staff-sessions';

/** DELETE /api/staff/:id/sessions: every session of the staff member is signed out at once. */
export function revokeAllStaffSessions(userId: number): Promise<RevokedSessions> {
  return apiRequest(API_PATHS.staff.sessions(userId), {
    method: 'DELETE',
    schema: revokedSessionsSchema,
  });
}

export function useRevokeAllStaffSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllStaffSessions,
    onSettled: (_data, _error, userId) =>
      queryClient.invalidateQueries({ queryKey: getStaffSessionsQueryOptions(userId).queryKey }),
  });
}
