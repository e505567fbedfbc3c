import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { profileNudgeListSchema } from '@recovery-portal/contract/profile';
import type { ProfileNudge } from '@recovery-portal/contract/profile';
import { apiRequest } from '#app/lib/api/request.ts';
import { profileNudgeKeys } from './profile-nudge-keys';

/** GET /api/nudge/user-nudges?user_id= — the participant's nudges in server order (oldest first). */
export function getUserNudges(
  participantId: number,
  signal?: AbortSignal,
): Promise<ProfileNudge[]> {
  return apiRequest(API_PATHS.nudge.userNudges, {
    query: { user_id: participantId },
    schema: profileNudgeListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getUserNudgesQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: profileNudgeKeys.participant(participantId),
    queryFn: ({ signal }) => getUserNudges(participantId, signal),
  });
}

export function useUserNudges(participantId: number) {
  return useQuery(getUserNudgesQueryOptions(participantId));
}
