import { FhirClientsScreen } from '../../features/fhir-clients/components/fhir-clients-screen';

export function FhirClientsRoute() {
  return <FhirClientsScreen />;
}
