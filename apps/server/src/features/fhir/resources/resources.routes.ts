import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { sendFhir } from '#app/features/fhir/fhir-error';
import { fhirFailures, readParamsSchema, resourceResponse } from '#app/features/fhir/fhir-schemas';
import { assertMayRead, auditFhir } from '#app/features/fhir/smart-auth/fhir-auth';
import type { ResourceReads } from './resource-reads';

/** GET /:type/:id: read, audited with the participant the resource is about. */
export function registerResourceRoutes(
  fhir: FastifyInstance,
  deps: { db: Database; reads: ResourceReads },
) {
  const { db, reads } = deps;
  fhir.withTypeProvider<ZodTypeProvider>().get(
    '/:type/:id',
    {
      config: { audit: AUDIT_ACTIONS.fhirRead },
      schema: {
        tags: ['fhir'],
        summary: 'Reads one resource by its type and id',
        params: readParamsSchema,
        response: { 200: resourceResponse, ...fhirFailures(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const patientId = assertMayRead(request, reads.definitionOf(request.params.type), 'r');
      const answer = await reads.read(request.params.type, request.params.id, patientId);
      const [participant] = answer.participantIds;
      await auditFhir(db, request, {
        action: AUDIT_ACTIONS.fhirRead,
        ...(participant === undefined
          ? {}
          : { subjectType: 'participant', subjectId: participant }),
        details: { resource_type: request.params.type, resource_id: request.params.id },
      });
      return sendFhir(reply, 200, answer.body);
    },
  );
}
