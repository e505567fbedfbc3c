import { z } from 'zod';
import { FHIR_CONTENT_TYPE } from '@recovery-portal/contract/fhir';
import { operationOutcomeSchema } from '#app/features/fhir/fhir-schemas';
import { redirectResponse } from '#app/lib/route-responses';

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
  summary: 'SMART discovery: the authorization and token endpoints and what they accept (public)',
  response: { 200: smartConfigurationSchema },
};

/** The token request's form fields; the endpoint words its own refusal of a missing or odd one. */
const tokenRequestSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'application/x-www-form-urlencoded: grant_type, then client_assertion_type, client_assertion and scope (client_credentials); client_id, code, redirect_uri and code_verifier (authorization_code); client_id, refresh_token and scope (refresh_token)',
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
  summary:
    'Issues an access token: a system client with a private_key_jwt assertion, or a participant app with a code and its PKCE verifier or a refresh token',
  body: tokenRequestSchema,
  response: {
    200: tokenResponseSchema,
    400: refused(
      'invalid_request, invalid_grant, unauthorized_client, invalid_scope, unsupported_grant_type',
    ),
    401: refused('invalid_client'),
    413: refused('The form is too large'),
    415: refused('Not a form'),
  },
};

/**
 * A page of the authorization endpoint, for the participant in the browser rather than for the
 * app: its refusals are pages that say what is wrong, not OAuth JSON.
 */
export const authorizePageSchema = z.string().describe('An HTML page (text/html)');

function page(description: string) {
  return { description, content: { 'text/html': { schema: authorizePageSchema } } };
}

const authorizeFailures = {
  400: page('An unknown app, a redirect URI not registered exactly, or an expired request'),
  401: page('The sign-in page again: the email or password was not right'),
  429: page('The sign-in page again: too many attempts, with Retry-After'),
};

export const authorizeStartRouteSchema = {
  tags,
  summary: "Starts a participant app's launch: the sign-in page, or back to the app with an error",
  querystring: z
    .record(z.string(), z.unknown())
    .describe(
      'response_type=code, client_id, redirect_uri, scope, state, aud, code_challenge and code_challenge_method=S256',
    ),
  response: {
    200: page('The sign-in page'),
    303: redirectResponse('To the app with an OAuth error and its state'),
    ...authorizeFailures,
  },
};

export const authorizeAnswerRouteSchema = {
  tags,
  summary: 'A step of the launch: sign in, then Allow or Deny',
  body: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('application/x-www-form-urlencoded: request, action, and email and password'),
  response: {
    200: page('The consent page, or the sign-in page with what is missing'),
    303: redirectResponse('To the app with a code (Allow) or access_denied (Deny) and its state'),
    ...authorizeFailures,
  },
};
