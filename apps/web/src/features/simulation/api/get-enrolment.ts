import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { simulationEnrolmentOrNullSchema } from '@recovery-portal/contract/simulation';
import type { SimulationEnrolment } from '@recovery-portal/contract/simulation';
import { apiRequest } from '#app/lib/api/request.ts';
import { simulationKeys } from './simulation-keys';

/** GET /api/simulation/program?user_id — the enrolment, or null when not enrolled. */
export function getEnrolment(
  participantId: number,
  signal?: AbortSignal,
): Promise<SimulationEnrolment | null> {
  return apiRequest(API_PATHS.simulation.program, {
    query: { user_id: participantId },
    schema: simulationEnrolmentOrNullSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getEnrolmentQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: simulationKeys.enrolment(participantId),
    queryFn: ({ signal }) => getEnrolment(participantId, signal),
  });
}

export function useEnrolment(participantId: number, enabled = true) {
  return useQuery({ ...getEnrolmentQueryOptions(participantId), enabled });
}
