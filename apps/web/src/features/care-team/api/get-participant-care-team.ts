import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantCareTeamSchema } from '@recovery-portal/contract/care-team';
import type { ParticipantCareTeam } from '@recovery-portal/contract/care-team';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { careTeamKeys } from './care-team-keys';

/** GET /api/care-team/participant/:id — the participant's responsible clinician. */
export function getParticipantCareTeam(
  participantId: number,
  signal?: AbortSignal,
): Promise<ParticipantCareTeam> {
  return apiRequest(API_PATHS.careTeam.participant(participantId), {
    schema: participantCareTeamSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantCareTeamQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: careTeamKeys.participant(participantId),
    queryFn: ({ signal }) => getParticipantCareTeam(participantId, signal),
  });
}

export function useParticipantCareTeam(participantId: number) {
  return useQuery(getParticipantCareTeamQueryOptions(participantId));
}
