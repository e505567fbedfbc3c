import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surveyResponseListSchema } from '@recovery-portal/contract/survey-responses';
import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import { apiRequest } from '#app/lib/api/request.ts';
import { surveyKeys } from '#app/lib/query-keys.ts';

/** GET /api/nudge/survey-responses?user_id= — the participant's surveys, newest first. */
export function getSurveyResponses(
  participantId: number,
  signal?: AbortSignal,
): Promise<SurveyResponse[]> {
  return apiRequest(API_PATHS.nudge.surveyResponses, {
    query: { user_id: participantId },
    schema: surveyResponseListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSurveyResponsesQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: [...surveyKeys.participant(participantId), 'responses'],
    queryFn: ({ signal }) => getSurveyResponses(participantId, signal),
  });
}

export function useSurveyResponses(participantId: number) {
  return useQuery(getSurveyResponsesQueryOptions(participantId));
}
