import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import type { Clinician, CreateClinicianRequest } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getCliniciansQueryOptions } from './get-clinicians';

/** POST /api/user/create-surgeon: adds a clinician, who is emailed a link to set a password. */
export function createClinician(body: CreateClinicianRequest): Promise<Clinician> {
  return apiRequest(API_PATHS.user.createClinician, {
    method: 'POST',
    body,
    schema: clinicianSchema,
  });
}

export function useCreateClinician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinician,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getCliniciansQueryOptions().queryKey }),
  });
}
