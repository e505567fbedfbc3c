import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { enrollResponseSchema } from '@recovery-portal/contract/simulation';
import type { EnrollRequest, EnrollResponse } from '@recovery-portal/contract/simulation';
import { apiRequest } from '#app/lib/api/request.ts';
import { getEnrolmentQueryOptions } from './get-enrolment';

/** POST /api/simulation/program/enroll — generates the Demo participant's programme data. */
export function enroll(body: EnrollRequest): Promise<EnrollResponse> {
  return apiRequest(API_PATHS.simulation.enroll, {
    method: 'POST',
    body,
    schema: enrollResponseSchema,
  });
}

export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enroll,
    onSuccess: async (result, body) => {
      queryClient.setQueryData(getEnrolmentQueryOptions(body.user_id).queryKey, result.enrolment);
      // Telemetry, surveys, nudges, conversations, pain and surgeries all changed: reload all.
      await queryClient.invalidateQueries();
    },
  });
}
