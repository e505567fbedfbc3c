import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fhirClientMutationSchema,
  type RegisterAppClientRequest,
  type RegisterFhirClientRequest,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getFhirClientsQueryOptions } from './get-fhir-clients';

/**
 * POST /api/fhir-clients: registers a system client with its public key, or a participant app
 * with its redirect URIs.
 */
export function registerFhirClient(body: RegisterFhirClientRequest | RegisterAppClientRequest) {
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
