import type { FastifyInstance } from 'fastify';
import {
  FHIR_BASE_PATH,
  FHIR_DISCOVERY_CACHE_CONTROL,
  FHIR_MESSAGES,
} from '@recovery-portal/contract/fhir';
import type { Concern } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { DicomStore } from '#app/core/imaging/dicom-store';
import { createUidBackfill } from '#app/core/imaging/imaging-uids';
import type { Mailer } from '#app/mail/mailer';
import { registerExportRoutes } from '#app/features/fhir/bulk-export/export.routes';
import { createExportService } from '#app/features/fhir/bulk-export/export.service';
import { registerFhirClientRoutes } from '#app/features/fhir/fhir-clients/fhir-clients.routes';
import { createFhirClientService } from '#app/features/fhir/fhir-clients/fhir-clients.service';
import { localSystems } from '#app/features/fhir/resources/codes';
import { createResourceReads } from '#app/features/fhir/resources/resource-reads';
import { resourceDefinitions } from '#app/features/fhir/resources/resource-types';
import { registerResourceRoutes } from '#app/features/fhir/resources/resources.routes';
import { registerSearchRoutes } from '#app/features/fhir/search/search.routes';
import { createSearchService } from '#app/features/fhir/search/search.service';
import { createFhirAuthenticator } from '#app/features/fhir/smart-auth/fhir-auth';
import { createPatientTokens } from '#app/features/fhir/smart-auth/patient-tokens';
import { createAppAuthorize } from '#app/features/fhir/smart-auth/app-authorize.service';
import { registerAppLaunchRoutes } from '#app/features/fhir/smart-auth/app-launch.routes';
import { createAppTokens } from '#app/features/fhir/smart-auth/app-tokens.service';
import type { ParticipantSignIn } from '#app/core/sign-in/participant-sign-in';
import { createSmartTokens } from '#app/features/fhir/smart-auth/smart-tokens';
import { registerSmartRoutes } from '#app/features/fhir/smart-auth/smart.routes';
import { capabilityStatement } from './capability-statement';
import { createFhirWriteService } from '#app/features/fhir/writes/fhir-writes.service';
import { registerFhirWriteRoutes } from '#app/features/fhir/writes/fhir-writes.routes';
import { FhirError, handleFhirError, operationOutcome, sendFhir } from './fhir-error';
import { capabilityResponse } from './fhir-schemas';

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
  /** The app's DICOM store: ImagingStudy reads backfill UIDs from its files. */
  dicomStore: Pick<DicomStore, 'pathFor'>;
  /**
   * Screens participants' data the app or the coach's system just wrote (concerns, threshold
   * and outcome flags), after it has committed and before the answer.
   */
  screenParticipants: (userIds: readonly number[]) => Promise<void>;
  /** Checks a participant's password on a participant app's sign-in page. */
  participantSignIn: ParticipantSignIn;
}

/**
 * The FHIR R4 API under /fhir/R4: the CapabilityStatement (public), then read and search of
 * every served type for callers whose portal role may read it (a participant's app: its own
 * compartment), and the app's creates (writes/); each call is audited, reads with the
 * participants they returned, like the portal's own reads.
 */
export async function registerFhirRoutes(app: FastifyInstance, deps: FhirDeps) {
  const base = `${deps.publicUrl.replace(/\/+$/, '')}${FHIR_BASE_PATH}`;
  const ctx = { base, systems: localSystems(base, deps.mrnSystem) };
  const definitions = resourceDefinitions(
    deps.db,
    deps.concerns,
    createUidBackfill(deps.db, deps.dicomStore),
  );
  const reads = createResourceReads(definitions, ctx);
  const search = createSearchService(reads.definitionOf, ctx);
  const tokenUrl = `${base}/auth/token`;
  const smart = createSmartTokens({ db: deps.db, secret: deps.jwtSecret, tokenUrl });
  const patients = createPatientTokens({ db: deps.db, secret: deps.jwtSecret });
  const authenticate = createFhirAuthenticator({ ...deps, smart, patients });
  const appTokens = createAppTokens({ db: deps.db, patients });
  const authorize = createAppAuthorize({ db: deps.db, base, signIn: deps.participantSignIn });
  const capability = capabilityStatement(definitions, base, new Date().toISOString());
  const exports = createExportService({
    db: deps.db,
    definitions,
    ctx,
    dataDir: deps.dataDir,
    log: app.log,
  });
  app.addHook('onClose', () => exports.stop());
  registerFhirClientRoutes(app, {
    db: deps.db,
    clients: createFhirClientService({
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
      registerSmartRoutes(fhir, {
        db: deps.db,
        smart,
        appTokens,
        tokenUrl,
        authorizeUrl: `${base}/auth/authorize`,
      });
      registerAppLaunchRoutes(fhir, {
        authorize,
        secureCookie: deps.publicUrl.startsWith('https://'),
      });
      registerExportRoutes(fhir, { db: deps.db, exports, base });

      registerResourceRoutes(fhir, { db: deps.db, reads });
      registerSearchRoutes(fhir, { db: deps.db, definitionOf: reads.definitionOf, search });

      fhir.get(
        '/metadata',
        {
          config: { access: 'public' },
          schema: {
            tags: ['fhir'],
            summary: 'The CapabilityStatement (public)',
            response: { 200: capabilityResponse },
          },
        },
        async (_request, reply) => sendFhir(reply, 200, capability),
      );

      const writes = createFhirWriteService({
        db: deps.db,
        ctx,
        async read(type, id, participantId) {
          try {
            return (await reads.read(type, id, participantId)).body;
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
