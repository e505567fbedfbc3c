import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fhirClientMutationSchema } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getFhirClientsQueryOptions } from './get-fhir-clients';

/** POST /api/fhir-clients/:id/approve: a second administrator activates a pending client. */
export function approveFhirClient(clientId: string) {
  return apiRequest(API_PATHS.fhirClients.approve(clientId), {
    method: 'POST',
    body: {},
    schema: fhirClientMutationSchema,
  });
}

export function useApproveFhirClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveFhirClient,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getFhirClientsQueryOptions().queryKey }),
  });
}
