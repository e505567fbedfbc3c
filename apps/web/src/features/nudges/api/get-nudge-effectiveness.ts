import { queryOptions, useQuery } from '@tanstack/react-query';
import { nudgeEffectivenessSchema } from '@recovery-portal/contract/nudge-effectiveness';
import type {
  NudgeEffectiveness,
  NudgeEffectivenessQuery,
} from '@recovery-portal/contract/nudge-effectiveness';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { nudgeKeys } from './nudge-keys';

/** The query without empty values, so equal periods share one cache entry. */
function withoutEmpty(query: NudgeEffectivenessQuery): NudgeEffectivenessQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== '' && value !== undefined),
  );
}

/** GET /api/nudge/effectiveness — per title: sent, feedback shares and open rate. */
export function getNudgeEffectiveness(
  query: NudgeEffectivenessQuery,
  signal?: AbortSignal,
): Promise<NudgeEffectiveness> {
  return apiRequest(API_PATHS.nudge.effectiveness, {
    query: withoutEmpty(query),
    schema: nudgeEffectivenessSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getNudgeEffectivenessQueryOptions(query: NudgeEffectivenessQuery) {
  return queryOptions({
    queryKey: nudgeKeys.effectiveness(withoutEmpty(query)),
    queryFn: ({ signal }) => getNudgeEffectiveness(query, signal),
  });
}

export function useNudgeEffectiveness(query: NudgeEffectivenessQuery, enabled = true) {
  return useQuery({ ...getNudgeEffectivenessQueryOptions(query), enabled });
}
