import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { idleCutoffSeconds } from '@recovery-portal/contract/session-policy';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { afterCommit } from './db/ambient-transaction';
import { createAccessTokens } from './core/auth/access-tokens';
import { createDeviceCookies } from './core/sign-in/device-cookies';
import { createStaffSignIn } from './core/sign-in/staff-sign-in';
import { registerAccountRoutes } from './features/account/account.routes';
import { createParticipantSignIn } from './core/sign-in/participant-sign-in';
import { registerParticipantAccountRoutes } from './features/participant-account/participant-account.routes';
import { registerAuditTrail } from './core/audit/audit-trail';
import { registerAuditRoutes } from './features/audit/audit.routes';
import { createAccountService } from './features/account/account.service';
import { deriveMfaKeys } from './features/mfa/mfa-keys';
import { registerMfaRoutes } from './features/mfa/mfa.routes';
import { createMfaService } from './features/mfa/mfa.service';
import { registerSignInThrottleRoutes } from './features/sign-in-throttles/sign-in-throttles.routes';
import { registerSessionPolicyRoute } from './features/staff-sessions/session-policy.routes';
import { registerStaffSessionRoutes } from './features/staff-sessions/staff-sessions.routes';
import { registerCareTeamRoutes } from './features/care-team/care-team.routes';
import { registerTaskRoutes } from './features/care-team/tasks.routes';
import { registerClinicianRoutes } from './features/clinicians/clinicians.routes';
import { registerCohortExportRoutes } from './features/participants/cohort-export.routes';
import { registerAdherenceRoutes } from './features/adherence/adherence.routes';
import { registerCoachRoutes } from './features/coach/coach.routes';
import { registerDigitalTwinRoutes } from './features/digital-twin/digital-twin.routes';
import { handleFhirFrameworkError } from './features/fhir/fhir-error';
import { registerFhirRoutes } from './features/fhir/fhir.routes';
import { registerHealthRoutes } from './features/health/health.routes';
import { createDicomStore } from './core/imaging/dicom-store';
import {
  dicomMultipartOptions,
  registerDicomUploadRoute,
  registerImagingRoutes,
} from './features/imaging/imaging.routes';
import { createImagingService } from './features/imaging/imaging.service';
import { registerNudgeRoutes } from './features/nudges/nudges.routes';
import { registerOutcomeRoutes } from './features/outcomes/outcomes.routes';
import { registerPainRoutes } from './features/pain/pain.routes';
import { registerParticipantRoutes } from './features/participants/participants.routes';
import { registerProfileRoutes } from './features/profile/profile.routes';
import { createProfileService } from './features/profile/profile.service';
import { registerReportRoutes } from './features/report/report.routes';
import { recoveryReportSources } from './report-sources';
import { registerReviewRoutes } from './features/review/review.routes';
import { registerSimulationRoutes } from './features/simulation/simulation.routes';
import { createOidcClient } from './features/sso/oidc-client';
import { registerSsoRoutes } from './features/sso/sso.routes';
import { createSsoService } from './features/sso/sso.service';
import { registerSurgeryRoutes } from './features/surgery/surgery.routes';
import { registerSurveyRoutes } from './features/surveys/surveys.routes';
import { registerTelemetryRoutes } from './features/telemetry/telemetry.routes';
import { registerTrendRoutes } from './features/trends/trends.routes';
import { registerFlagRoutes } from './features/flags/flags.routes';
import { registerThresholdRoutes } from './features/thresholds/thresholds.routes';
import { createTriageScanner, type TriageScanner } from './features/flags/triage-scanner';
import { createConfiguredMailer } from './mail/configured-mailer';
import type { Mailer } from './mail/mailer';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerCsrf } from './plugins/csrf';
import { handleFrameworkError, registerErrorHandling } from './plugins/errors';
import { createRequestLogController } from './plugins/request-log';
import { registerResponseSerializer } from './plugins/response-serializer';
import { loggerOptions } from './plugins/request-logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextInputCheck } from './plugins/text-input';
import { registerWebApp } from './plugins/web-app';
import type { Secrets } from './secrets';
import { trustProxyOption } from './lib/trusted-proxies';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Defaults to SMTP when configured, else the outbox table. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Raises clinical flags; server.ts shares its own with the periodic scans. */
  triageScanner?: TriageScanner;
}

/** Builds the whole HTTP app against the given database; tests call this with a throw-away one. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, secrets } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: createRequestLogController(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or over-long URL fails before routing; answer it in the envelope too.
    frameworkErrors: (error, request, reply) =>
      request.url.startsWith(FHIR_BASE_PATH)
        ? handleFhirFrameworkError(error, request, reply)
        : handleFrameworkError(error, request, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app, config.isProduction);
  // The API speaks JSON only: without this, Fastify's built-in text/plain parser would hand a
  // raw string to routes instead of answering 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerTextInputCheck(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Swagger UI registers its own routes. The docs map every call an attacker could try, so
  // they are for signed-in staff unless API_DOCS_PUBLIC opens them.
  const docsAccess = config.apiDocsPublic ? 'public' : 'staff';
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/docs')) return;
    route.config = { ...route.config, access: docsAccess };
    // The docs describe no one's data, so reading them leaves no row in the audit trail.
    route.preHandler = [
      ...[route.preHandler ?? []].flat(),
      async (request) => {
        request.audited = true;
      },
    ];
  });

  const { db } = database;
  const mailer = deps.mailer ?? createConfiguredMailer(config, db, app.log);
  // An access token never outlives the idle cutoff, so an idle session's tokens die with it.
  const tokens = createAccessTokens(
    secrets.jwtSecret,
    Math.min(config.accessTokenTtlSeconds, idleCutoffSeconds(config.idleTimeoutMinutes)),
  );
  // Password, single sign-on and the two-step code all end in the same staff session.
  const signIn = createStaffSignIn({ db, config, tokens });
  const accounts = createAccountService({ db, config, mailer, signIn });
  const mfa = createMfaService({ db, config, keys: deriveMfaKeys(secrets.jwtSecret), signIn });

  const secureCookie = config.publicUrl.startsWith('https://');
  await app.register(cookie);
  await registerCompression(app);
  registerSecurityHeaders(app);
  registerCsrf(app, { secureCookie });
  registerAuth(app, { db, tokens });
  registerAuditTrail(app, db);
  await registerApiDocs(app);

  registerHealthRoutes(app, database);
  const devices = createDeviceCookies(secrets.jwtSecret, { secure: secureCookie });
  registerAccountRoutes(app, accounts, devices);
  registerStaffSessionRoutes(app, { db, config, signIn });
  registerMfaRoutes(app, { db, mfa, devices });
  registerSessionPolicyRoute(app, config.idleTimeoutMinutes);
  registerSignInThrottleRoutes(app, { db, config });
  const oidcClient = config.oidc
    ? createOidcClient(config.oidc, `${config.publicUrl}${API_PATHS.sso.callback}`)
    : null;
  // Discovery at start is only a head start: an unreachable provider is retried on sign-in.
  oidcClient?.warmUp().catch((error: unknown) => {
    app.log.warn({ err: error }, 'The identity provider (OIDC_ISSUER) cannot be reached yet');
  });
  registerSsoRoutes(app, {
    sso: createSsoService({ db, config, signIn, settings: config.oidc, client: oidcClient }),
    secureCookie,
    devices,
  });
  registerNudgeRoutes(app, db);
  registerCoachRoutes(app, db);
  const profiles = createProfileService(db);
  registerClinicianRoutes(app, {
    db,
    welcomeClinician: (clinician) => accounts.welcomeClinician(clinician),
    updateParticipant: (input) => profiles.update(input),
  });
  registerAuditRoutes(app, db);
  registerParticipantRoutes(app, { db, config, mailer });
  // Participants set their password and ask for a new code on pages of their own; the codes,
  // the password check and the throttle are the account feature's, as for staff.
  await registerParticipantAccountRoutes(app, {
    codes: {
      sendActivationCode: (email, caller) => accounts.sendActivationCode(email, caller),
      setPasswordWithCode: (email, code, password, caller) =>
        accounts.setPasswordWithCode(email, code, password, caller),
    },
    secureCookie,
  });
  registerCohortExportRoutes(app, db);
  registerProfileRoutes(app, db);
  registerReviewRoutes(app, db);
  registerCareTeamRoutes(app, db);
  registerTaskRoutes(app, db);
  registerTelemetryRoutes(app, db);
  registerTrendRoutes(app, db);
  registerSurveyRoutes(app, db);
  registerAdherenceRoutes(app, db);
  registerOutcomeRoutes(app, db);
  registerDigitalTwinRoutes(app, db);
  registerSurgeryRoutes(app, db);
  const dicomStore = createDicomStore(config.dataDir);
  const imaging = createImagingService({
    db,
    store: dicomStore,
    maxUploadBytes: config.maxUploadBytes,
    log: app.log,
  });
  registerImagingRoutes(app, { db, imaging });
  // Multipart parsing exists only in this scope, for the DICOM upload: every other route still
  // refuses multipart (and text/plain) bodies with 415, and JSON handling is unchanged.
  await app.register(async (uploads) => {
    await uploads.register(multipart, dicomMultipartOptions(config.maxUploadBytes));
    registerDicomUploadRoute(uploads, { db, imaging });
  });
  registerPainRoutes(app, db);
  const triageScanner =
    deps.triageScanner ?? createTriageScanner({ db, concerns: config.flagConcerns });
  registerFlagRoutes(app, { db, concerns: config.flagConcerns });
  registerReportRoutes(app, {
    db,
    sources: recoveryReportSources(db, config.flagConcerns),
    defaultPaper: config.reportPaper,
  });
  registerThresholdRoutes(app, {
    db,
    rescan: (userIds) => triageScanner.scanParticipants(userIds),
  });
  registerSimulationRoutes(app, {
    db,
    // A generated programme is screened as of its run date once it has committed (the scan
    // reads it in transactions of its own), before the answer, so flags show right away.
    onProgrammeGenerated: (userId, runDate) =>
      afterCommit(() =>
        triageScanner.scanParticipants([userId], runDate).then(
          () => undefined,
          (err: unknown) => app.log.error({ err }, 'Screening the generated programme failed'),
        ),
      ),
  });

  await registerFhirRoutes(app, {
    db,
    tokens,
    publicUrl: config.publicUrl,
    mrnSystem: config.fhirMrnSystem,
    concerns: config.flagConcerns,
    dataDir: config.dataDir,
    jwtSecret: secrets.jwtSecret,
    mailer,
    dicomStore,
    // What the app or the coach's system wrote is screened at once, as a generated programme is.
    screenParticipants: (userIds) =>
      triageScanner.scanParticipants(userIds).then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, 'Screening data written through FHIR failed'),
      ),
    participantSignIn: createParticipantSignIn(db, config),
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
