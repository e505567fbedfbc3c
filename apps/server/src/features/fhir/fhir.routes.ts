import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH, FHIR_CONTENT_TYPE, FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import type { Concern } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import { isDatabaseUnavailable, isStatementCancelled } from '#app/db/errors';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { Mailer } from '#app/mail/mailer';
import { capabilityStatement } from './capability-statement';
import { localSystems } from './codes';
import { assertMayRead, auditFhir, createFhirAuthenticator } from './fhir-auth';
import { createSmartTokens } from './smart-tokens';
import { registerSmartRoutes } from './smart.routes';
import { FhirError, operationOutcome } from './fhir-error';
import { createFhirService } from './fhir.service';
import { registerBackendClientRoutes } from './backend-clients.routes';
import { createBackendClientService } from './backend-clients.service';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';
import { resourceDefinitions } from './resource-types';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { createUidBackfill } from '#app/core/imaging/imaging-uids';

export interface FhirDeps {
  db: Database;
  tokens: AccessTokens;
  publicUrl: string;
  /** FHIR_MRN_SYSTEM: the system of Patient.identifier's record number; null for the portal's. */
  mrnSystem: string | null;
  concerns: readonly Concern[];
  /** Export files are written under DATA_DIR/fhir-export. */
  dataDir: string;
  /** Signs system clients' access tokens. */
  jwtSecret: string;
  /** Tells every administrator when a client reaching patient data is approved. */
  mailer: Mailer;
}

function sendFhir(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(`${FHIR_CONTENT_TYPE}; charset=utf-8`).send(JSON.stringify(body));
}

/** Every failure under the FHIR base leaves as an OperationOutcome with its status. */
function handleFhirError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof FhirError) {
    return sendFhir(reply, error.statusCode, operationOutcome(error.issueType, error.message));
  }
  if (isDatabaseUnavailable(error) || isStatementCancelled(error)) {
    request.log.error({ err: error }, 'FHIR call: database unavailable');
    return sendFhir(reply, 503, operationOutcome('transient', FHIR_MESSAGES.databaseUnavailable));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendFhir(reply, status, operationOutcome('invalid', FHIR_MESSAGES.unknownPath));
  }
  request.log.error({ err: error }, 'FHIR call failed');
  return sendFhir(reply, 500, operationOutcome('exception', FHIR_MESSAGES.internal));
}

/**
 * The read-only FHIR R4 API under /fhir/R4: the CapabilityStatement (public), then read and
 * search of every served type for callers whose portal role may read it; each read and search
 * is audited with the participants it returned, like the portal's own reads.
 */
export async function registerFhirRoutes(app: FastifyInstance, deps: FhirDeps) {
  const base = `${deps.publicUrl.replace(/\/+$/, '')}${FHIR_BASE_PATH}`;
  const ctx = { base, systems: localSystems(base, deps.mrnSystem) };
  const definitions = resourceDefinitions(
    deps.db,
    deps.concerns,
    createUidBackfill(deps.db, createDicomStore(deps.dataDir)),
  );
  const service = createFhirService(definitions, ctx);
  const tokenUrl = `${base}/auth/token`;
  const smart = createSmartTokens({ db: deps.db, secret: deps.jwtSecret, tokenUrl });
  const authenticate = createFhirAuthenticator({ ...deps, smart });
  const capability = capabilityStatement(definitions, base, new Date().toISOString());
  const exports = createExportService({
    db: deps.db,
    definitions,
    ctx,
    dataDir: deps.dataDir,
    log: app.log,
  });
  app.addHook('onClose', () => exports.stop());
  registerBackendClientRoutes(app, {
    db: deps.db,
    clients: createBackendClientService({
      db: deps.db,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
    }),
  });

  await app.register(
    async (fhir) => {
      fhir.setErrorHandler(handleFhirError);
      fhir.setNotFoundHandler((request, reply) => {
        const readOnly = request.method !== 'GET' && request.method !== 'HEAD';
        return sendFhir(
          reply,
          readOnly ? 405 : 404,
          operationOutcome(
            readOnly ? 'not-supported' : 'not-found',
            readOnly ? FHIR_MESSAGES.methodNotAllowed : FHIR_MESSAGES.unknownPath,
          ),
        );
      });
      fhir.addHook('onRequest', async (request) => {
        if (request.routeOptions.config.access === 'public' || request.is404) return;
        await authenticate(request);
      });

      fhir.decorateRequest('fhirClient', null);
      registerSmartRoutes(fhir, { db: deps.db, smart, tokenUrl });
      registerExportRoutes(fhir, { db: deps.db, exports, base, sendFhir });

      fhir.get('/metadata', { config: { access: 'public' } }, async (_request, reply) =>
        sendFhir(reply, 200, capability),
      );

      fhir.get<{ Params: { type: string }; Querystring: Record<string, string | string[]> }>(
        '/:type',
        { config: { audit: AUDIT_ACTIONS.fhirSearch } },
        async (request, reply) => {
          assertMayRead(request, service.definitionOf(request.params.type));
          const answer = await service.search(request.params.type, request.query);
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

      fhir.get<{ Params: { type: string; id: string } }>(
        '/:type/:id',
        { config: { audit: AUDIT_ACTIONS.fhirRead } },
        async (request, reply) => {
          assertMayRead(request, service.definitionOf(request.params.type));
          const answer = await service.read(request.params.type, request.params.id);
          const [participant] = answer.participantIds;
          await auditFhir(deps.db, request, {
            action: AUDIT_ACTIONS.fhirRead,
            ...(participant === undefined
              ? {}
              : { subjectType: 'participant', subjectId: participant }),
            details: { resource_type: request.params.type, resource_id: request.params.id },
          });
          return sendFhir(reply, 200, answer.body);
        },
      );
    },
    { prefix: FHIR_BASE_PATH },
  );
}
