import { FhirClientsScreen } from '#app/features/fhir-clients/components/fhir-clients-screen.tsx';

export function FhirClientsRoute() {
  return <FhirClientsScreen />;
}
