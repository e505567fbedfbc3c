import { queryOptions, useQuery } from '@tanstack/react-query';
import { fhirClientListSchema, type FhirClientList } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { fhirClientKeys } from './fhir-client-keys';

/** GET /api/fhir-clients: every client, and how many active administrators could approve one. */
export function getFhirClients(signal?: AbortSignal): Promise<FhirClientList> {
  return apiRequest(API_PATHS.fhirClients.list, {
    schema: fhirClientListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getFhirClientsQueryOptions() {
  return queryOptions({
    queryKey: fhirClientKeys.list(),
    queryFn: ({ signal }) => getFhirClients(signal),
  });
}

export function useFhirClients() {
  return useQuery(getFhirClientsQueryOptions());
}
