import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantProfileSchema } from '@recovery-portal/contract/profile';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantDetailsKeys } from './participant-details-keys';

/** GET /api/user/id/{id} */
export function getParticipantProfile(
  id: number,
  signal?: AbortSignal,
): Promise<ParticipantProfile> {
  return apiRequest(API_PATHS.user.profile(id), {
    schema: participantProfileSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantProfileQueryOptions(id: number) {
  return queryOptions({
    queryKey: participantDetailsKeys.profile(id),
    queryFn: ({ signal }) => getParticipantProfile(id, signal),
  });
}

/** `id` null (a malformed id in the URL) asks nothing of the server. */
export function useParticipantProfile(id: number | null) {
  return useQuery({ ...getParticipantProfileQueryOptions(id ?? 0), enabled: id !== null });
}
