import { useMutation, useQueryClient } from '@tanstack/react-query';
import { painLogSchema } from '@recovery-portal/contract/pain';
import type { PainLog, ReportPainRequest } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { painKeys } from './pain-keys';

/** POST /api/pain/reported-pain-log — recorded now unless recorded_at says otherwise. */
export function reportPain(body: ReportPainRequest): Promise<PainLog> {
  return apiRequest(API_PATHS.pain.report, { method: 'POST', body, schema: painLogSchema });
}

export function useReportPain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportPain,
    onSuccess: (_log, body) =>
      queryClient.invalidateQueries({ queryKey: painKeys.participant(Number(body.user_id)) }),
  });
}
