import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAIN_LOG_COUNT, painLogListSchema } from '@recovery-portal/contract/pain';
import type { LastPainLogsRequest, PainLog } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { painKeys } from './pain-keys';

export { PAIN_LOG_COUNT } from '@recovery-portal/contract/pain';

/** POST /api/pain/last-n/log — the last n reports, newest first. */
export function getPainLogs(
  participantId: number,
  n: number = PAIN_LOG_COUNT,
  signal?: AbortSignal,
): Promise<PainLog[]> {
  const body: LastPainLogsRequest = { user_id: participantId, n };
  return apiRequest(API_PATHS.pain.lastN, {
    method: 'POST',
    body,
    schema: painLogListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getPainLogsQueryOptions(participantId: number, n: number = PAIN_LOG_COUNT) {
  return queryOptions({
    queryKey: painKeys.lastN(participantId, n),
    queryFn: ({ signal }) => getPainLogs(participantId, n, signal),
  });
}

export function usePainLogs(participantId: number) {
  return useQuery(getPainLogsQueryOptions(participantId));
}
