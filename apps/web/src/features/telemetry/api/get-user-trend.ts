import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { userTrendSchema } from '@recovery-portal/contract/trends';
import type { UserTrend } from '@recovery-portal/contract/trends';
import { apiRequest } from '#app/lib/api/request.ts';
import { telemetryKeys } from './telemetry-keys';

/** GET /api/user/id/{id}/trend?date_string= : weekly averages of every home metric. */
export function getUserTrend(
  userId: number,
  dateString: string,
  signal?: AbortSignal,
): Promise<UserTrend> {
  return apiRequest(API_PATHS.user.trend(userId), {
    query: { date_string: dateString },
    schema: userTrendSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getUserTrendQueryOptions(userId: number, dateString: string) {
  return queryOptions({
    queryKey: telemetryKeys.weeklyTrend(userId, dateString),
    queryFn: ({ signal }) => getUserTrend(userId, dateString, signal),
  });
}

export function useUserTrend(userId: number, dateString: string) {
  return useQuery(getUserTrendQueryOptions(userId, dateString));
}
