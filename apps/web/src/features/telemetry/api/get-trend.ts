import { queryOptions, useQuery } from '@tanstack/react-query';
import { TREND_SERIES_PATHS, trendResponseSchema } from '@recovery-portal/contract/trends';
import type {
  TrendRequestInput,
  TrendResponse,
  TrendSeriesKind,
} from '@recovery-portal/contract/trends';
import { apiRequest } from '#app/lib/api/request.ts';
import { telemetryKeys } from './telemetry-keys';

/** POST /api/trend/mood | bmi | sleep | body-weight | body-pain: one daily series. */
export function getTrend(
  metric: TrendSeriesKind,
  body: TrendRequestInput,
  signal?: AbortSignal,
): Promise<TrendResponse> {
  return apiRequest(TREND_SERIES_PATHS[metric], {
    method: 'POST',
    body,
    schema: trendResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** `dateString` is the telemetry's current_run_date (spec §7), the series' last day. */
export function getTrendQueryOptions(metric: TrendSeriesKind, userId: number, dateString: string) {
  return queryOptions({
    queryKey: telemetryKeys.trend(userId, metric, dateString),
    queryFn: ({ signal }) => getTrend(metric, { user_id: userId, date_string: dateString }, signal),
  });
}

export function useTrend(metric: TrendSeriesKind, userId: number, dateString: string) {
  return useQuery(getTrendQueryOptions(metric, userId, dateString));
}
