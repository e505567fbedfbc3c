import type { FastifyRequest } from 'fastify';
import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import type { Database } from '../../db/client';
import type { AccessTokens } from '../account/access-tokens';
import { findSignedInStaff } from '../account/account.repository';
import { FhirError } from './fhir-error';
import type { ResourceDefinition } from './resource-types';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * Authenticates a FHIR call with a portal access token, exactly as the portal's API does: the
 * account and its session are re-read, so suspending a clinician or revoking a session ends
 * their FHIR access at once. Sets request.staff, so audit rows name them.
 */
export function createFhirAuthenticator(deps: { db: Database; tokens: AccessTokens }) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new FhirError(401, 'login', FHIR_MESSAGES.unauthenticated);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new FhirError(401, 'login', FHIR_MESSAGES.tokenInvalid);
    const staff = await findSignedInStaff(deps.db, claims.userId, claims.sessionId);
    if (!staff) throw new FhirError(401, 'login', FHIR_MESSAGES.tokenInvalid);
    request.staff = staff;
  };
}

/** Refuses a caller whose role may not read the type (403). */
export function assertMayRead(request: FastifyRequest, definition: ResourceDefinition): void {
  const role = request.staff?.role;
  if (!role || !definition.staffReaders.includes(role)) {
    throw new FhirError(403, 'forbidden', FHIR_MESSAGES.forbidden(definition.type));
  }
}
