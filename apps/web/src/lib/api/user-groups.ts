import { queryOptions, useQuery } from '@tanstack/react-query';
import { userGroupListSchema } from '@recovery-portal/contract/participants';
import type { UserGroup } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantKeys } from './participant-keys';

/** GET /api/user/groups */
export function getUserGroups(signal?: AbortSignal): Promise<UserGroup[]> {
  return apiRequest(API_PATHS.user.groups, {
    schema: userGroupListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Spec §7: the groups are cached after the first load. */
export function getUserGroupsQueryOptions() {
  return queryOptions({
    queryKey: participantKeys.userGroups(),
    queryFn: ({ signal }) => getUserGroups(signal),
    staleTime: Infinity,
  });
}

export function useUserGroups() {
  return useQuery(getUserGroupsQueryOptions());
}
