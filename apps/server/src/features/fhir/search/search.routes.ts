import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { sendFhir } from '#app/features/fhir/fhir-error';
import {
  bundleResponse,
  fhirFailures,
  searchQuerySchema,
  typeParamsSchema,
} from '#app/features/fhir/fhir-schemas';
import type { ResourceReads } from '#app/features/fhir/resources/resource-reads';
import { assertMayRead, auditFhir } from '#app/features/fhir/smart-auth/fhir-auth';
import type { SearchService } from './search.service';

/** GET /:type: search-type, audited with the participants the page returned. */
export function registerSearchRoutes(
  fhir: FastifyInstance,
  deps: {
    db: Database;
    definitionOf: ResourceReads['definitionOf'];
    search: SearchService;
  },
) {
  fhir.withTypeProvider<ZodTypeProvider>().get(
    '/:type',
    {
      config: { audit: AUDIT_ACTIONS.fhirSearch },
      schema: {
        tags: ['fhir'],
        summary: 'Searches a resource type, one page of a searchset Bundle',
        params: typeParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: bundleResponse, ...fhirFailures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const patientId = assertMayRead(request, deps.definitionOf(request.params.type));
      const answer = await deps.search.search(request.params.type, request.query, patientId);
      await auditFhir(deps.db, request, {
        action: AUDIT_ACTIONS.fhirSearch,
        details: {
          resource_type: request.params.type,
          participant_ids: answer.participantIds,
        },
      });
      return sendFhir(reply, 200, answer.body);
    },
  );
}
