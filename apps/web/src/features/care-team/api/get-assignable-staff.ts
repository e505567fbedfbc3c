import { queryOptions, useQuery } from '@tanstack/react-query';
import { assignableStaffSchema } from '@recovery-portal/contract/care-team';
import type { AssignableStaff } from '@recovery-portal/contract/care-team';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { careTeamKeys } from './care-team-keys';

/** GET /api/care-team/staff — who can be made responsible or be given a task. */
export function getAssignableStaff(signal?: AbortSignal): Promise<AssignableStaff> {
  return apiRequest(API_PATHS.careTeam.staff, {
    schema: assignableStaffSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getAssignableStaffQueryOptions() {
  return queryOptions({
    queryKey: careTeamKeys.staff(),
    queryFn: ({ signal }) => getAssignableStaff(signal),
  });
}

export function useAssignableStaff() {
  return useQuery(getAssignableStaffQueryOptions());
}
