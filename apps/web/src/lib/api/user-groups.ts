import { queryOptions, useQuery } from '@tanstack/react-query';
import { userGroupListSchema } from '@recovery-portal/contract/participants';
import type { UserGroup } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from './request';

/** GET /api/user/groups */
export function getUserGroups(signal?: AbortSignal): Promise<UserGroup[]> {
  return apiRequest(API_PATHS.user.groups, {
    schema: userGroupListSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Spec §7: the groups are cached after the first load. Shared: the invite and cohort filter of
 * the participants list and the Edit Participant dialog of the details page pick from them.
 */
export function getUserGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['user-groups'],
    queryFn: ({ signal }) => getUserGroups(signal),
    staleTime: Infinity,
  });
}

export function useUserGroups() {
  return useQuery(getUserGroupsQueryOptions());
}
