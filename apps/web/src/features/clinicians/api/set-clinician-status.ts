import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import type { Clinician, ClinicianStatusRequest } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getCliniciansQueryOptions } from './get-clinicians';

/** PATCH /api/user/clinician-status: deactivate (SUSPENDED) or reactivate (ACTIVATED). */
export function setClinicianStatus(body: ClinicianStatusRequest): Promise<Clinician> {
  return apiRequest(API_PATHS.user.clinicianStatus, {
    method: 'PATCH',
    body,
    schema: clinicianSchema,
  });
}

export function useSetClinicianStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClinicianStatus,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getCliniciansQueryOptions().queryKey }),
  });
}
