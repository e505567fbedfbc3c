import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantTriageStatusSchema } from '@recovery-portal/contract/review';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantDetailsKeys } from './participant-details-keys';

/** GET /api/user/id/{id}/triage */
export function getParticipantTriage(
  id: number,
  signal?: AbortSignal,
): Promise<ParticipantTriageStatus> {
  return apiRequest(API_PATHS.user.triage(id), {
    schema: participantTriageStatusSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantTriageQueryOptions(id: number) {
  return queryOptions({
    queryKey: participantDetailsKeys.triage(id),
    queryFn: ({ signal }) => getParticipantTriage(id, signal),
  });
}

export function useParticipantTriage(id: number) {
  return useQuery(getParticipantTriageQueryOptions(id));
}
