import { z } from 'zod';
import { FHIR_CONTENT_TYPE } from '@recovery-portal/contract/fhir';
import { operationOutcomeSchema } from '#app/features/fhir/fhir-schemas';

/*
 * The SMART discovery and token endpoints answer OAuth JSON (RFC 6749, SMART App Launch), not
 * FHIR. Loose objects: a field the endpoint adds is written, not dropped by the serializer.
 */

const tags = ['fhir'];

const smartConfigurationSchema = z.looseObject({
  token_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});

export const smartConfigurationRouteSchema = {
  tags,
  summary: 'SMART discovery: the token endpoint and what it accepts (public)',
  response: { 200: smartConfigurationSchema },
};

/** The token request's form fields; the endpoint words its own refusal of a missing or odd one. */
const tokenRequestSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'application/x-www-form-urlencoded: grant_type, client_assertion_type, client_assertion, scope',
  );

const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
  scope: z.string(),
});

/** A refused token request (RFC 6749 §5.2). */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

/** The endpoint's own refusals are OAuth errors; one of the request's shape, an OperationOutcome. */
function refused(description: string) {
  return {
    description,
    content: {
      'application/json': { schema: oauthErrorSchema },
      [FHIR_CONTENT_TYPE]: { schema: operationOutcomeSchema },
    },
  };
}

export const tokenRouteSchema = {
  tags,
  summary: 'Issues a system access token (client_credentials with a private_key_jwt assertion)',
  body: tokenRequestSchema,
  response: {
    200: tokenResponseSchema,
    400: refused('invalid_request, unauthorized_client, invalid_scope, unsupported_grant_type'),
    401: refused('invalid_client'),
    413: refused('The form is too large'),
    415: refused('Not a form'),
  },
};
