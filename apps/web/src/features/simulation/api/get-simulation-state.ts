import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { simulationStateSchema } from '@recovery-portal/contract/simulation';
import type { SimulationState } from '@recovery-portal/contract/simulation';
import { apiRequest } from '#app/lib/api/request.ts';
import { simulationKeys } from './simulation-keys';

/** GET /api/simulation — current_run_date and the programmes. */
export function getSimulationState(signal?: AbortSignal): Promise<SimulationState> {
  return apiRequest(API_PATHS.simulation.state, {
    schema: simulationStateSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getSimulationStateQueryOptions() {
  return queryOptions({
    queryKey: simulationKeys.state(),
    queryFn: ({ signal }) => getSimulationState(signal),
  });
}

export function useSimulationState(enabled = true) {
  return useQuery({ ...getSimulationStateQueryOptions(), enabled });
}
