import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  FHIR_BASE_PATH,
  FHIR_DISCOVERY_CACHE_CONTROL,
  FHIR_MESSAGES,
} from '@recovery-portal/contract/fhir';
import type { Concern } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { Mailer } from '#app/mail/mailer';
import { capabilityStatement } from './capability-statement';
import { localSystems } from './codes';
import { assertMayRead, auditFhir, createFhirAuthenticator } from './fhir-auth';
import { createSmartTokens } from './smart-tokens';
import { createPatientTokens } from './smart-auth/patient-tokens';
import { registerSmartRoutes } from './smart.routes';
import { FhirError, handleFhirError, operationOutcome, sendFhir } from './fhir-error';
import { createFhirService } from './fhir.service';
import { registerBackendClientRoutes } from './backend-clients.routes';
import { createBackendClientService } from './backend-clients.service';
import { registerExportRoutes } from './export.routes';
import { createExportService } from './export.service';
import { resourceDefinitions } from './resource-types';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { createUidBackfill } from '#app/core/imaging/imaging-uids';
import { createFhirWriteService } from './writes/fhir-writes.service';
import { registerFhirWriteRoutes } from './writes/fhir-writes.routes';

export interface FhirDeps {
  db: Database;
  tokens: AccessTokens;
  publicUrl: string;
  concerns: readonly Concern[];
  /** Export files are written under DATA_DIR/fhir-export. */
  dataDir: string;
  /** Signs system clients' access tokens. */
  jwtSecret: string;
  /** Tells every administrator when a client reaching patient data is approved. */
  mailer: Mailer;
  /**
   * Screens participants' data the app or the coach's system just wrote (concerns, threshold
   * and outcome flags), after it has committed and before the answer.
   */
  screenParticipants: (userIds: readonly number[]) => Promise<void>;
}

/**
 * The FHIR R4 API under /fhir/R4: the CapabilityStatement (public), then read and search of
 * every served type for callers whose portal role may read it (a participant's app: its own
 * compartment), and the app's creates (writes/); each call is audited, reads with the
 * participants they returned, like the portal's own reads.
 */
export async function registerFhirRoutes(app: FastifyInstance, deps: FhirDeps) {
  const base = `${deps.publicUrl.replace(/\/+$/, '')}${FHIR_BASE_PATH}`;
  const ctx = { base, systems: localSystems(base) };
  const definitions = resourceDefinitions(
    deps.db,
    deps.concerns,
    createUidBackfill(deps.db, createDicomStore(deps.dataDir)),
  );
  const service = createFhirService(definitions, ctx);
  const tokenUrl = `${base}/auth/token`;
  const smart = createSmartTokens({ db: deps.db, secret: deps.jwtSecret, tokenUrl });
  const patients = createPatientTokens({ db: deps.db, secret: deps.jwtSecret });
  const authenticate = createFhirAuthenticator({ ...deps, smart, patients });
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
      dataDir: deps.dataDir,
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
      fhir.addHook('onRequest', async (request, reply) => {
        const isPublic = request.routeOptions.config.access === 'public';
        // The public reads (metadata, SMART configuration) describe the server; every other
        // answer may hold patients' data, errors and exports included: no cache may keep it.
        reply.header(
          'cache-control',
          isPublic && request.method === 'GET' ? FHIR_DISCOVERY_CACHE_CONTROL : 'no-store',
        );
        if (isPublic || request.is404) return;
        await authenticate(request);
      });

      fhir.decorateRequest('fhirClient', null);
      fhir.decorateRequest('fhirPatient', null);
      registerSmartRoutes(fhir, { db: deps.db, smart, tokenUrl });
      registerExportRoutes(fhir, { db: deps.db, exports, base });

      fhir.get('/metadata', { config: { access: 'public' } }, async (_request, reply) =>
        sendFhir(reply, 200, capability),
      );

      fhir.get<{ Params: { type: string }; Querystring: Record<string, string | string[]> }>(
        '/:type',
        { config: { audit: AUDIT_ACTIONS.fhirSearch } },
        async (request, reply) => {
          const patientId = assertMayRead(request, service.definitionOf(request.params.type));
          const answer = await service.search(request.params.type, request.query, patientId);
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
          const patientId = assertMayRead(request, service.definitionOf(request.params.type), 'r');
          const answer = await service.read(request.params.type, request.params.id, patientId);
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

      const writes = createFhirWriteService({
        db: deps.db,
        ctx,
        async read(type, id, participantId) {
          try {
            return (await service.read(type, id, participantId)).body;
          } catch (error) {
            if (error instanceof FhirError && error.statusCode === 404) return null;
            throw error;
          }
        },
        screen: deps.screenParticipants,
      });
      await registerFhirWriteRoutes(fhir, { db: deps.db, writes });
    },
    { prefix: FHIR_BASE_PATH },
  );
}
