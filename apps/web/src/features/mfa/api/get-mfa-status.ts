import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaStatusSchema } from '@recovery-portal/contract/mfa';
import type { MfaStatus } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { mfaKeys } from './mfa-keys';

/** GET /api/account/mfa: the signed-in staff member's own two-step sign-in settings. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiRequest(API_PATHS.mfa.status, {
    schema: mfaStatusSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getMfaStatusQueryOptions() {
  return queryOptions({
    queryKey: mfaKeys.status(),
    queryFn: ({ signal }) => getMfaStatus(signal),
  });
}

/** Not fetched while `enabled` is false (the dialog is closed). */
export function useMfaStatus(enabled: boolean) {
  return useQuery({ ...getMfaStatusQueryOptions(), enabled });
}
