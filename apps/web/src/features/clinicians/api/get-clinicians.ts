import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicianListSchema } from '@recovery-portal/contract/clinicians';
import type { Clinician } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { clinicianKeys } from './clinician-keys';

/** GET /api/user/list-clinicians */
export function getClinicians(signal?: AbortSignal): Promise<Clinician[]> {
  return apiRequest(API_PATHS.user.listClinicians, {
    schema: clinicianListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getCliniciansQueryOptions() {
  return queryOptions({
    queryKey: clinicianKeys.list(),
    queryFn: ({ signal }) => getClinicians(signal),
  });
}

export function useClinicians() {
  return useQuery(getCliniciansQueryOptions());
}
