import type { Resource } from '@medplum/fhirtypes';
import { FHIR_MESSAGES, type FhirResourceType } from '@recovery-portal/contract/fhir';
import { visibleToPatient } from '#app/features/fhir/compartment';
import { FhirError } from '#app/features/fhir/fhir-error';
import { keyOf, type FhirContext } from './fhir-source';
import type { ResourceDefinition } from './resource-types';

/** What a read or search returned, with the participants it was about (for the audit row). */
export interface FhirAnswer<T> {
  body: T;
  participantIds: number[];
}

/** The participants of the rows, each once, rows about nobody left out. */
export function uniqueParticipants(ids: readonly (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** The served types by name, and the read of one resource by its id. */
export function createResourceReads(definitions: readonly ResourceDefinition[], ctx: FhirContext) {
  const byType = new Map(definitions.map((definition) => [definition.type, definition]));

  function definitionOf(type: string): ResourceDefinition {
    const definition = byType.get(type as FhirResourceType);
    if (!definition) throw new FhirError(404, 'not-supported', FHIR_MESSAGES.unknownType(type));
    return definition;
  }

  return {
    definitionOf,

    /** A read by id; with `patientId`, another participant's resource is not there (404). */
    async read(
      type: string,
      id: string,
      patientId: number | null = null,
    ): Promise<FhirAnswer<Resource>> {
      const definition = definitionOf(type);
      for (const source of definition.sources) {
        const key = keyOf(id, source.prefix, source.maxKey);
        if (key === null) continue;
        const [row]: unknown[] = await source.page(source.keyIs(key), null, 1);
        if (row === undefined) continue;
        const participantIds = uniqueParticipants([source.participant(row)]);
        if (patientId !== null && !visibleToPatient(participantIds, patientId)) break;
        return { body: source.toResource(row, ctx) as Resource, participantIds };
      }
      throw new FhirError(404, 'not-found', FHIR_MESSAGES.notFound(type, id));
    },
  };
}

export type ResourceReads = ReturnType<typeof createResourceReads>;
