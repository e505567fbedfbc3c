import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSessionListSchema } from '@recovery-portal/contract/clinicians';
import type { StaffSession } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { staffSessionKeys } from './staff-session-keys';

/** GET /api/staff/:id/sessions */
export function getStaffSessions(userId: number, signal?: AbortSignal): Promise<StaffSession[]> {
  return apiRequest(API_PATHS.staff.sessions(userId), {
    schema: staffSessionListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getStaffSessionsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: staffSessionKeys.list(userId),
    queryFn: ({ signal }) => getStaffSessions(userId, signal),
  });
}

/** The sessions of a staff member; not fetched while `enabled` is false (the dialog is closed). */
export function useStaffSessions(userId: number | null, enabled: boolean) {
  return useQuery({
    ...getStaffSessionsQueryOptions(userId ?? 0),
    enabled: enabled && userId !== null,
  });
}
