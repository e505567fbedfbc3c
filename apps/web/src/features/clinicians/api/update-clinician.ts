import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import type { Clinician, UpdateClinicianRequest } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getCliniciansQueryOptions } from './get-clinicians';

/** PATCH /api/user/update: a clinician's name (email and Reg Id cannot change). */
export function updateClinician(body: UpdateClinicianRequest): Promise<Clinician> {
  return apiRequest(API_PATHS.user.update, { method: 'PATCH', body, schema: clinicianSchema });
}

export function useUpdateClinician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinician,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getCliniciansQueryOptions().queryKey }),
  });
}
