import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { getFhirClientsQueryOptions } from './get-fhir-clients';

/** DELETE /api/fhir-clients/:id: the client's tokens stop working at once. */
export function revokeFhirClient(clientId: string) {
  return apiRequest(API_PATHS.fhirClients.byId(clientId), {
    method: 'DELETE',
    schema: messageSchema,
  });
}

export function useRevokeFhirClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeFhirClient,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getFhirClientsQueryOptions().queryKey }),
  });
}
