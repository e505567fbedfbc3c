import { queryOptions, useQuery } from '@tanstack/react-query';
import { adherenceListSchema } from '@recovery-portal/contract/adherence';
import type { AdherenceItem } from '@recovery-portal/contract/adherence';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { surveyKeys } from '#app/lib/query-keys.ts';

/** GET /api/surgery/adherence?user_id= — the survey schedule of a participant. */
export function getAdherence(
  participantId: number,
  signal?: AbortSignal,
): Promise<AdherenceItem[]> {
  return apiRequest(API_PATHS.surgery.adherence, {
    query: { user_id: participantId },
    schema: adherenceListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getAdherenceQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: [...surveyKeys.participant(participantId), 'adherence'],
    queryFn: ({ signal }) => getAdherence(participantId, signal),
  });
}

export function useAdherence(participantId: number) {
  return useQuery(getAdherenceQueryOptions(participantId));
}
