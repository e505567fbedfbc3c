import { queryOptions, useQuery } from '@tanstack/react-query';
import { nudgeDetailSchema } from '@recovery-portal/contract/nudges';
import type { NudgeDetail } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { nudgeKeys } from './nudge-keys';

/** GET /api/nudge/{id} */
export function getNudge(id: number, signal?: AbortSignal): Promise<NudgeDetail> {
  return apiRequest(API_PATHS.nudge.byId(id), {
    schema: nudgeDetailSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getNudgeQueryOptions(id: number) {
  return queryOptions({
    queryKey: nudgeKeys.detail(id),
    queryFn: ({ signal }) => getNudge(id, signal),
  });
}

/** `id` null (a malformed id in the URL) asks nothing of the server. */
export function useNudge(id: number | null) {
  return useQuery({ ...getNudgeQueryOptions(id ?? 0), enabled: id !== null });
}
