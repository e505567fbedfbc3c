import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { patientScopesAllow } from '@recovery-portal/contract/smart-scopes';
import { FhirError } from './fhir-error';
import type { ResourceDefinition } from '#app/features/fhir/resources/resource-types';
import type { ParsedSearch } from '#app/features/fhir/search/search-params';
import type { PatientCaller } from '#app/features/fhir/smart-auth/patient-tokens';

/**
 * The Patient compartment of a participant's app (SMART App Launch, patient/ scopes): it reads
 * its own participant's data and the questionnaires it answers, nothing about anyone else.
 * Practitioner (the clinic's staff) is not about the participant and stays closed.
 */
export function assertPatientMayRead(
  caller: PatientCaller,
  definition: ResourceDefinition,
  interaction: 'r' | 's',
): void {
  const inCompartment = definition.perParticipant || definition.type === 'Questionnaire';
  if (!inCompartment || !patientScopesAllow(caller.scopes, definition.type, interaction)) {
    throw new FhirError(403, 'forbidden', FHIR_MESSAGES.forbidden(definition.type));
  }
}

/**
 * A search held to one participant: whatever patient= or subject= named, only that participant
 * is left (naming another finds nothing). Types about no participant (Questionnaire) are as asked.
 */
export function boundToPatient(
  search: ParsedSearch,
  definition: ResourceDefinition,
  patientId: number,
): ParsedSearch {
  if (!definition.perParticipant) return search;
  const patients = search.patients ? search.patients.filter((id) => id === patientId) : [patientId];
  return { ...search, patients };
}

/** Whether a row read by id may be shown to a participant's app: its own, or about no one. */
export function visibleToPatient(participantIds: readonly number[], patientId: number): boolean {
  return participantIds.every((id) => id === patientId);
}
