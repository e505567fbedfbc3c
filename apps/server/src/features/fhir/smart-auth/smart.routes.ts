import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  FHIR_CLIENT_ALGORITHMS,
  SYSTEM_WRITE_SCOPES,
} from '@recovery-portal/contract/fhir-clients';
import { FHIR_RESOURCE_TYPES } from '@recovery-portal/contract/fhir';
import type { Database } from '#app/db/client';
import { auditRequest } from '#app/core/audit/request-audit';
import { smartConfigurationRouteSchema, tokenRouteSchema } from './smart-schemas';
import { systemCallerDetails, type SmartTokens } from './smart-tokens';
import { acceptHtmlForms, formFields } from '#app/core/participant-page';
import { answerAppTokenRequest } from './app-launch.routes';
import type { AppTokens } from './app-tokens.service';

/** What a refused token request is told (RFC 6749 §5.2). */
const REFUSALS = {
  invalid_request: 'Send grant_type, client_assertion_type (jwt-bearer) and client_assertion.',
  invalid_client:
    'The client assertion is not valid: unknown or revoked client, wrong signature, audience or expiry, issued in the future, or a reused jti.',
  unauthorized_client:
    'This client reaches patient data and awaits approval by a second administrator on the FHIR clients screen.',
  invalid_scope:
    'Ask for system/<Type>.rs or system/<Type>.read scopes (or system/*.rs) within those the client was registered with.',
  unsupported_grant_type:
    'Supported grant types: client_credentials (system clients), authorization_code and refresh_token (participant apps).',
} as const;

/**
 * SMART discovery and the token endpoint (public): system clients (Backend Services)
 * authenticate with a signed assertion, participant apps (App Launch, public clients) exchange
 * a code with its PKCE verifier or a refresh token. Answers are OAuth JSON, not FHIR.
 */
export function registerSmartRoutes(
  fhir: FastifyInstance,
  deps: {
    db: Database;
    smart: SmartTokens;
    appTokens: AppTokens;
    tokenUrl: string;
    authorizeUrl: string;
  },
) {
  acceptHtmlForms(fhir);

  fhir.get(
    '/.well-known/smart-configuration',
    { config: { access: 'public' }, schema: smartConfigurationRouteSchema },
    async (_r, reply) =>
      reply.type('application/json').send({
        authorization_endpoint: deps.authorizeUrl,
        token_endpoint: deps.tokenUrl,
        token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
        token_endpoint_auth_signing_alg_values_supported: [...FHIR_CLIENT_ALGORITHMS],
        grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: [
          'system/*.read',
          ...FHIR_RESOURCE_TYPES.map((t) => `system/${t}.read`),
          ...SYSTEM_WRITE_SCOPES,
          'patient/*.cruds',
          ...FHIR_RESOURCE_TYPES.map((t) => `patient/${t}.cruds`),
          'launch/patient',
          'offline_access',
        ],
        capabilities: [
          'client-confidential-asymmetric',
          'launch-standalone',
          'client-public',
          'context-standalone-patient',
          'permission-patient',
          'permission-offline',
          'permission-v1',
          'permission-v2',
        ],
      }),
  );

  const tokenOptions = { config: { access: 'public' as const }, schema: tokenRouteSchema };
  fhir.post('/auth/token', tokenOptions, async (request, reply) => {
    const form = formFields(request.body);
    if (form.grant_type === 'authorization_code' || form.grant_type === 'refresh_token') {
      return answerAppTokenRequest(deps, request, reply, form);
    }
    const result = await deps.smart.issue(form);
    const clientId = result.ok ? result.caller.clientId : result.clientId;
    await auditRequest(deps.db, request, {
      action: result.ok ? AUDIT_ACTIONS.fhirTokenIssued : AUDIT_ACTIONS.fhirTokenRefused,
      actorEmail: clientId ? `fhir-client:${clientId}` : null,
      details: result.ok
        ? { scope: result.body.scope, ...systemCallerDetails(result.caller) }
        : { error: result.error },
    });
    reply.header('cache-control', 'no-store');
    if (result.ok) return reply.type('application/json').send(result.body);
    return reply
      .code(result.error === 'invalid_client' ? 401 : 400)
      .type('application/json')
      .send({ error: result.error, error_description: REFUSALS[result.error] });
  });
}
