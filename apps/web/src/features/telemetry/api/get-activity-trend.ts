import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { activityTrendSchema } from '@recovery-portal/contract/trends';
import type { ActivityTrend, TrendRequestInput } from '@recovery-portal/contract/trends';
import { apiRequest } from '#app/lib/api/request.ts';
import { telemetryKeys } from './telemetry-keys';

/** POST /api/trend/activity: daily steps, active time, calories out and distance. */
export function getActivityTrend(
  body: TrendRequestInput,
  signal?: AbortSignal,
): Promise<ActivityTrend> {
  return apiRequest(API_PATHS.trend.activity, {
    method: 'POST',
    body,
    schema: activityTrendSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getActivityTrendQueryOptions(userId: number, dateString: string) {
  return queryOptions({
    queryKey: telemetryKeys.trend(userId, 'activity', dateString),
    queryFn: ({ signal }) => getActivityTrend({ user_id: userId, date_string: dateString }, signal),
  });
}

export function useActivityTrend(userId: number, dateString: string) {
  return useQuery(getActivityTrendQueryOptions(userId, dateString));
}
