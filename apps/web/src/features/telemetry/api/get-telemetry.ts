import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { telemetrySchema } from '@recovery-portal/contract/telemetry';
import type { Telemetry } from '@recovery-portal/contract/telemetry';
import { apiRequest } from '#app/lib/api/request.ts';
import { telemetryKeys } from './telemetry-keys';

/** GET /api/user/telemetry?user_id= : home telemetry tiles, labs and vitals. */
export function getTelemetry(userId: number, signal?: AbortSignal): Promise<Telemetry> {
  return apiRequest(API_PATHS.user.telemetry, {
    query: { user_id: userId },
    schema: telemetrySchema,
    ...(signal ? { signal } : {}),
  });
}

export function getTelemetryQueryOptions(userId: number) {
  return queryOptions({
    queryKey: telemetryKeys.participant(userId),
    queryFn: ({ signal }) => getTelemetry(userId, signal),
  });
}

/** Shared by the Home Health Telemetry and the Labs & Vitals cards: one request for both. */
export function useTelemetry(userId: number) {
  return useQuery(getTelemetryQueryOptions(userId));
}
