import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaPolicySchema } from '@recovery-portal/contract/mfa';
import type { MfaPolicy } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { mfaKeys } from './mfa-keys';

/** GET /api/staff/mfa-policy: the requirement for all staff and who has set it up. */
export function getMfaPolicy(signal?: AbortSignal): Promise<MfaPolicy> {
  return apiRequest(API_PATHS.mfa.policy, {
    schema: mfaPolicySchema,
    ...(signal ? { signal } : {}),
  });
}

export function getMfaPolicyQueryOptions() {
  return queryOptions({
    queryKey: mfaKeys.policy(),
    queryFn: ({ signal }) => getMfaPolicy(signal),
  });
}

export function useMfaPolicy() {
  return useQuery(getMfaPolicyQueryOptions());
}
