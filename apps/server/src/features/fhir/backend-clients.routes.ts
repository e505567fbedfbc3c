import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  FHIR_CLIENT_MESSAGES,
  fhirClientIdParamsSchema,
  fhirClientListSchema,
  fhirClientMutationSchema,
  registerFhirClientRequestSchema,
  type FhirClient,
} from '@recovery-portal/contract/fhir-clients';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import {
  insertBackendClient,
  listBackendClients,
  revokeBackendClient,
  type BackendClientRow,
} from './backend-clients.repository';
import { removeClientExports } from './export-retention';
import { checkPublicJwk } from './smart-tokens';

function toClient(
  row: Pick<BackendClientRow, 'id' | 'name' | 'publicKey' | 'createdAt' | 'createdBy'>,
): FhirClient {
  return {
    client_id: row.id,
    name: row.name,
    key_type: typeof row.publicKey.kty === 'string' ? row.publicKey.kty : '',
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** Administrators register and revoke the FHIR API's system clients (their public keys). */
export function registerBackendClientRoutes(app: FastifyInstance, db: Database, dataDir: string) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fhir'];

  routes.get(
    API_PATHS.fhirClients.list,
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientList },
      schema: {
        tags,
        summary: 'Registered system clients of the FHIR API',
        response: { 200: successEnvelope(fhirClientListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await listBackendClients(db);
      await auditRequest(db, request, { action: AUDIT_ACTIONS.fhirClientList });
      return ok(rows.map(toClient));
    },
  );

  routes.post(
    API_PATHS.fhirClients.list,
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientRegister },
      schema: {
        tags,
        summary: 'Registers a system client with its public key (JWK, RS384 or ES384)',
        body: registerFhirClientRequestSchema,
        response: {
          200: successEnvelope(fhirClientMutationSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { key: publicKey, problem } = await checkPublicJwk(request.body.public_key_jwk);
      if (!publicKey) {
        throw new AppError('VALIDATION_ERROR', problem, [
          { field: 'public_key_jwk', message: problem },
        ]);
      }
      const staff = currentStaff(request);
      const id = randomUUID();
      await insertBackendClient(db, {
        id,
        name: request.body.name,
        publicKey: publicKey as Record<string, unknown>,
        createdBy: staff.id,
      });
      await auditRequest(db, request, {
        action: AUDIT_ACTIONS.fhirClientRegister,
        details: { client_id: id, name: request.body.name },
      });
      return ok({
        message: FHIR_CLIENT_MESSAGES.registered,
        client: toClient({
          id,
          name: request.body.name,
          publicKey: publicKey as Record<string, unknown>,
          createdAt: new Date(),
          createdBy: staff.email,
        }),
      });
    },
  );

  routes.delete(
    '/api/fhir-clients/:id',
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientRevoke },
      schema: {
        tags,
        summary: 'Revokes a system client: its tokens stop working at once',
        params: fhirClientIdParamsSchema,
        response: { 200: successEnvelope(messageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await revokeBackendClient(db, request.params.id))) {
        throw new AppError('NOT_FOUND', FHIR_CLIENT_MESSAGES.notFound);
      }
      // What it exported leaves with it: its files could otherwise still be fetched from disk.
      await removeClientExports(db, dataDir, request.params.id);
      await auditRequest(db, request, {
        action: AUDIT_ACTIONS.fhirClientRevoke,
        details: { client_id: request.params.id },
      });
      return ok({ message: FHIR_CLIENT_MESSAGES.revoked });
    },
  );
}
