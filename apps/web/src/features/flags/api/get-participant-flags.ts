import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantFlagListSchema } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { flagKeys } from './flag-keys';

/** GET /api/flags/participant — the participant's flags, open ones first. */
export function getParticipantFlags(participantId: number, signal?: AbortSignal): Promise<Flag[]> {
  return apiRequest(API_PATHS.flags.participant, {
    query: { user_id: participantId },
    schema: participantFlagListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantFlagsQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: flagKeys.participant(participantId),
    queryFn: ({ signal }) => getParticipantFlags(participantId, signal),
  });
}

export function useParticipantFlags(participantId: number) {
  return useQuery(getParticipantFlagsQueryOptions(participantId));
}
