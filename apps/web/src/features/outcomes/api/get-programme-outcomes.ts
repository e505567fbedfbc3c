import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  programmeOutcomesParams,
  programmeOutcomesSchema,
  type ProgrammeOutcomes,
  type ProgrammeOutcomesQuery,
} from '@recovery-portal/contract/programme-outcomes';
import { apiRequest } from '#app/lib/api/request.ts';
import { outcomeKeys } from '#app/lib/query-keys.ts';

/** GET /api/outcomes/programme — how the filtered cohort is doing, per published score. */
export function getProgrammeOutcomes(
  query: ProgrammeOutcomesQuery,
  signal?: AbortSignal,
): Promise<ProgrammeOutcomes> {
  return apiRequest(API_PATHS.outcomes.programme, {
    query: programmeOutcomesParams(query),
    schema: programmeOutcomesSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getProgrammeOutcomesQueryOptions(query: ProgrammeOutcomesQuery) {
  return queryOptions({
    queryKey: outcomeKeys.programme(query),
    queryFn: ({ signal }) => getProgrammeOutcomes(query, signal),
    // A filter change keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useProgrammeOutcomes(query: ProgrammeOutcomesQuery) {
  return useQuery(getProgrammeOutcomesQueryOptions(query));
}
