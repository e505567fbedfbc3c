import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fhirClientMutationSchema,
  type RegisterFhirClientRequest,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getFhirClientsQueryOptions } from './get-fhir-clients';

/** POST /api/fhir-clients: registers a system client's public key. */
export function registerFhirClient(body: RegisterFhirClientRequest) {
  return apiRequest(API_PATHS.fhirClients.list, {
    method: 'POST',
    body,
    schema: fhirClientMutationSchema,
  });
}

export function useRegisterFhirClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerFhirClient,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getFhirClientsQueryOptions().queryKey }),
  });
}
