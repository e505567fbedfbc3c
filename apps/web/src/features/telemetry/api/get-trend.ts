import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { trendResponseSchema } from '@recovery-portal/contract/trends';
import type {
  TrendRequestInput,
  TrendResponse,
  TrendSeriesKind,
} from '@recovery-portal/contract/trends';
import { apiRequest } from '#app/lib/api/request.ts';
import { telemetryKeys } from './telemetry-keys';

const TREND_PATHS: Record<TrendSeriesKind, string> = {
  mood: API_PATHS.trend.mood,
  bmi: API_PATHS.trend.bmi,
  sleep: API_PATHS.trend.sleep,
  'body-weight': API_PATHS.trend.bodyWeight,
  'body-pain': API_PATHS.trend.bodyPain,
};

/** POST /api/trend/mood | bmi | sleep | body-weight | body-pain: one daily series. */
export function getTrend(
  metric: TrendSeriesKind,
  body: TrendRequestInput,
  signal?: AbortSignal,
): Promise<TrendResponse> {
  return apiRequest(TREND_PATHS[metric], {
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
