import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_MESSAGES, FHIR_RESOURCE_TYPES } from '@recovery-portal/contract/fhir';
import { FHIR_WRITE_LIMITS, FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import { patientScopesAllow } from '@recovery-portal/contract/smart-scopes';
import type { Database } from '#app/db/client';
import { scopesAllowCreate } from '#app/features/fhir/smart-auth/client-scopes';
import { auditFhir } from '#app/features/fhir/smart-auth/fhir-auth';
import { FhirError, sendFhir } from '#app/features/fhir/fhir-error';
import { fhirFailures, resourceResponse, typeParamsSchema } from '#app/features/fhir/fhir-schemas';
import { batchResponse } from './write-schemas';
import type { FhirWriteService, WriteAudit } from './fhir-writes.service';
import { refuseUnwritable } from './fhir-writes.service';
import { isWritable, type WritableType, type WriteAuthor } from './resource-writers';

/** Who writes, from the authenticated caller; staff write through the portal, not here. */
function authorOf(request: FastifyRequest, type: string): WriteAuthor {
  const patient = request.fhirPatient;
  if (patient) return { kind: 'patient', patientId: patient.patientId, clientId: patient.clientId };
  const client = request.fhirClient;
  if (client) return { kind: 'system', clientId: client.clientId };
  throw new FhirError(403, 'forbidden', FHIR_WRITE_MESSAGES.createForbidden(type));
}

/** The caller's scopes must let it create the type (patient/<Type>.c, system/Communication.c). */
function assertMayCreate(request: FastifyRequest, type: WritableType): void {
  const patient = request.fhirPatient;
  const client = request.fhirClient;
  const allowed = patient
    ? patientScopesAllow(patient.scopes, type, 'c')
    : client !== null && scopesAllowCreate(client.scopes, type);
  if (!allowed) throw new FhirError(403, 'forbidden', FHIR_WRITE_MESSAGES.createForbidden(type));
}

function ifNoneExistOf(request: FastifyRequest): string | undefined {
  const header = request.headers['if-none-exist'];
  return Array.isArray(header) ? header.join(',') : header;
}

/**
 * FHIR create (POST /<type>) and batch (POST / with a batch Bundle) for the participant's app and
 * the coach's system client. Bodies are FHIR JSON up to FHIR_WRITE_LIMITS.maxBodyBytes (413
 * beyond); each stored resource is audited as its writer.
 */
export async function registerFhirWriteRoutes(
  fhir: FastifyInstance,
  deps: { db: Database; writes: FhirWriteService },
) {
  await fhir.register(async (writes) => {
    writes.removeContentTypeParser('application/json');
    writes.addContentTypeParser(
      ['application/fhir+json', 'application/json'],
      { parseAs: 'string', bodyLimit: FHIR_WRITE_LIMITS.maxBodyBytes },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)) as unknown);
        } catch {
          done(new FhirError(400, 'invalid', FHIR_MESSAGES.malformedBody), undefined);
        }
      },
    );
    const auditOf =
      (request: FastifyRequest): WriteAudit =>
      (entry) =>
        auditFhir(deps.db, request, entry);

    const failures = fhirFailures(400, 401, 403, 413, 415, 422);
    writes.withTypeProvider<ZodTypeProvider>().post(
      '/:type',
      {
        config: { audit: AUDIT_ACTIONS.fhirCreate },
        schema: {
          tags: ['fhir'],
          summary:
            "Creates an Observation, QuestionnaireResponse or Communication (the participant's app; the coach's system)",
          params: typeParamsSchema,
          headers: z.looseObject({
            'if-none-exist': z
              .string()
              .optional()
              .describe('identifier=<system>|<value>: answer the resource stored before (200)'),
          }),
          response: {
            201: resourceResponse,
            200: resourceResponse,
            ...failures,
            ...fhirFailures(404, 405),
          },
        },
      },
      async (request, reply) => {
        const { type } = request.params;
        if (!isWritable(type)) {
          refuseUnwritable(type, (FHIR_RESOURCE_TYPES as readonly string[]).includes(type));
        }
        const author = authorOf(request, type);
        assertMayCreate(request, type);
        const created = await deps.writes.create(
          author,
          type,
          request.body,
          ifNoneExistOf(request),
          auditOf(request),
        );
        reply.header('location', created.location);
        if (created.resource.meta?.lastUpdated) {
          reply.header('last-modified', new Date(created.resource.meta.lastUpdated).toUTCString());
        }
        return sendFhir(reply, created.status, created.resource);
      },
    );

    writes.post(
      '/',
      {
        config: { audit: AUDIT_ACTIONS.fhirCreate },
        schema: {
          tags: ['fhir'],
          summary: 'A batch Bundle of creates, each entry answered on its own',
          response: { 200: batchResponse, ...failures },
        },
      },
      async (request, reply) => {
        const author = authorOf(request, 'Bundle');
        const bundle = await deps.writes.batch(
          author,
          request.body,
          (type) => assertMayCreate(request, type),
          auditOf(request),
        );
        return sendFhir(reply, 200, bundle);
      },
    );
  });
}
