import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { messageSchema, successEnvelope } from '@recovery-portal/contract/envelope';
import {
  fhirClientIdParamsSchema,
  fhirClientListSchema,
  fhirClientMutationSchema,
  fhirClientRegistrationSchema,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin, auditOf } from '#app/core/audit/request-audit';
import type { FhirClientService } from './fhir-clients.service';

/** Administrators register, approve and revoke the FHIR API's system clients. */
export function registerFhirClientRoutes(
  app: FastifyInstance,
  deps: { db: Database; clients: FhirClientService },
) {
  const { db, clients } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fhir'];

  routes.get(
    API_PATHS.fhirClients.list,
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientList },
      schema: {
        tags,
        summary: 'Registered clients of the FHIR API, revoked ones too',
        response: { 200: successEnvelope(fhirClientListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => clients.list(audit))),
  );

  routes.post(
    API_PATHS.fhirClients.list,
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientRegister },
      schema: {
        tags,
        summary:
          'Registers a system client with its public key (JWK, RS384 or ES384) and fixed scopes, one reaching patient data awaiting a second administrator; or, with redirect_uris and no key, a participant app (public client), active at once',
        body: fhirClientRegistrationSchema,
        response: {
          200: successEnvelope(fhirClientMutationSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const actor = currentStaff(request);
      return ok(
        body.kind === 'public'
          ? await clients.registerApp(body, actor, auditOf(db, request))
          : await clients.register(body, actor, auditOf(db, request)),
      );
    },
  );

  routes.post(
    '/api/fhir-clients/:id/approve',
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientApprove },
      schema: {
        tags,
        summary:
          'Approves a pending client: only an administrator other than the one who registered it',
        params: fhirClientIdParamsSchema,
        response: {
          200: successEnvelope(fhirClientMutationSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(await clients.approve(request.params.id, currentStaff(request), auditOf(db, request))),
  );

  routes.delete(
    '/api/fhir-clients/:id',
    {
      config: { access: ['ADMINISTRATOR'], audit: AUDIT_ACTIONS.fhirClientRevoke },
      schema: {
        tags,
        summary:
          "Revokes a client: its tokens, and a participant app's sign-ins, stop working at once",
        params: fhirClientIdParamsSchema,
        response: { 200: successEnvelope(messageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await clients.revoke(request.params.id, auditOf(db, request))),
  );
}
