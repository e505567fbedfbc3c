import type { FastifyRequest } from 'fastify';
import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import type { Database } from '#app/db/client';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import { prepareFindSignedInStaff } from '#app/core/auth/sessions';
import { auditRequest } from '#app/core/audit/request-audit';
import type { AuditEntry } from '#app/core/audit/record-audit';
import { FhirError } from '#app/features/fhir/fhir-error';
import type { ResourceDefinition } from '#app/features/fhir/resources/resource-types';
import { scopesAllow } from './client-scopes';
import { assertPatientMayRead } from '#app/features/fhir/compartment';
import type { PatientCaller, PatientTokens } from './patient-tokens';
import { systemCallerDetails, type SmartTokens, type SystemCaller } from './smart-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The system client (SMART Backend Services) of a FHIR call; null for staff. */
    fhirClient: SystemCaller | null;
    /** The participant's app (SMART App Launch) of a FHIR call; null for staff and systems. */
    fhirPatient: PatientCaller | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * Authenticates a FHIR call: a portal access token exactly as the portal's API checks it (the
 * account and its session are re-read, so suspending a clinician or revoking a session ends
 * their FHIR access at once), a system client's token, whose client must still be registered,
 * or a participant's app token, whose grant, client and account must still be live. Sets
 * request.staff, request.fhirClient or request.fhirPatient.
 */
export function createFhirAuthenticator(deps: {
  db: Database;
  tokens: AccessTokens;
  smart: SmartTokens;
  patients: PatientTokens;
}) {
  const findSignedInStaff = prepareFindSignedInStaff(deps.db);
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new FhirError(401, 'login', FHIR_MESSAGES.unauthenticated);
    const claims = await deps.tokens.verify(token);
    if (claims) {
      const staff = await findSignedInStaff(claims.userId, claims.sessionId);
      if (!staff) throw new FhirError(401, 'login', FHIR_MESSAGES.tokenInvalid);
      request.staff = staff;
      return;
    }
    const system = await deps.smart.verify(token);
    if (system) {
      request.fhirClient = system;
      return;
    }
    const patient = await deps.patients.verify(token);
    if (!patient) throw new FhirError(401, 'login', FHIR_MESSAGES.tokenInvalid);
    request.fhirPatient = patient;
  };
}

/**
 * Refuses a caller whose role (staff), scopes (system client) or patient scopes (participant's
 * app) do not cover the type (403). Returns the participant whose compartment bounds the call
 * (a participant's app), or null when the caller reads type-wide.
 */
export function assertMayRead(
  request: FastifyRequest,
  definition: ResourceDefinition,
  interaction: 'r' | 's' = 's',
): number | null {
  const patient = request.fhirPatient;
  if (patient) {
    assertPatientMayRead(patient, definition, interaction);
    return patient.patientId;
  }
  const allowed = request.fhirClient
    ? scopesAllow(request.fhirClient.scopes, definition.type)
    : request.staff !== null && definition.staffReaders.includes(request.staff.role);
  if (!allowed) throw new FhirError(403, 'forbidden', FHIR_MESSAGES.forbidden(definition.type));
  return null;
}

/** Bulk export reads type-wide: staff and system clients only, never a participant's app. */
export function assertMayExport(request: FastifyRequest, definition: ResourceDefinition): void {
  if (request.fhirPatient) throw new FhirError(403, 'forbidden', FHIR_MESSAGES.exportForbidden);
  assertMayRead(request, definition);
}

/**
 * Audits a FHIR call; a system client is named as the actor, and its details name the
 * administrators who registered and approved it.
 */
export function auditFhir(
  db: Database,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'clientAddress' | 'requestId'>,
): Promise<void> {
  const patient = request.fhirPatient;
  if (patient) {
    return auditRequest(db, request, {
      actorId: patient.patientId,
      ...entry,
      details: { ...entry.details, client_id: patient.clientId, grant_id: patient.grantId },
    });
  }
  const client = request.fhirClient;
  if (!client) return auditRequest(db, request, entry);
  return auditRequest(db, request, {
    actorEmail: `fhir-client:${client.clientId}`,
    ...entry,
    details: { ...entry.details, ...systemCallerDetails(client) },
  });
}
