import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { PARTICIPANT_APP_MESSAGES } from '@recovery-portal/contract/participant-app';
import type { Database } from '#app/db/client';
import { auditRequest } from '#app/core/audit/request-audit';
import { callerOf } from '#app/core/caller';
import { formFields, sendPage } from '#app/core/participant-page';
import { opaqueToken } from '#app/lib/secure-random';
import type { AppAuthorize, AuthorizeQuery, AuthorizeStep } from './app-authorize.service';
import { AUTHORIZE_PATH, authorizeErrorPage, consentPage, signInPage } from './app-launch-pages';
import type { AppTokenRefusal, AppTokens } from './app-tokens.service';
import { authorizeAnswerRouteSchema, authorizeStartRouteSchema } from './smart-schemas';

/** The httpOnly cookie binding an authorization to the browser that started it. */
const BROWSER_COOKIE = 'rp_smart_authorize';

/** What a refused token request of a participant app is told (RFC 6749 §5.2). */
const APP_TOKEN_REFUSALS: Record<AppTokenRefusal, string> = {
  invalid_request:
    'Send client_id with code, redirect_uri and code_verifier (authorization_code), or with refresh_token (refresh_token).',
  invalid_client: 'Unknown or revoked client_id: the app is not registered as a participant app.',
  invalid_grant:
    "The code or refresh token is unknown, expired or already used, or belongs to another app or redirect_uri, or the code_verifier does not match; or the participant's sign-in has ended. A reused code or refresh token ends that app's sign-in.",
  invalid_scope: "A refresh may name only scopes of the participant's consent.",
};

/**
 * A consent page's Allow and Deny answer with a redirect to the app, which the page's
 * Content-Security-Policy must let its form reach (form-action applies to redirects too).
 */
function allowFormRedirect(reply: FastifyReply, redirectUri: string) {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const target = /^https?:/.test(redirectUri)
    ? new URL(redirectUri).origin
    : redirectUri.slice(0, redirectUri.indexOf(':') + 1);
  reply.header(
    'content-security-policy',
    policy.replace("form-action 'self'", `form-action 'self' ${target}`),
  );
}

function show(reply: FastifyReply, step: AuthorizeStep) {
  switch (step.kind) {
    case 'error':
      return sendPage(reply, step.status, authorizeErrorPage(step.message));
    case 'redirect':
      return reply.header('cache-control', 'no-store').redirect(step.location, 303);
    case 'sign-in':
      return sendPage(
        reply,
        step.refusal === PARTICIPANT_APP_MESSAGES.signInRefused ? 401 : step.refusal ? 400 : 200,
        signInPage(step),
      );
    case 'throttled':
      reply.header('retry-after', String(step.retryAfter));
      return sendPage(
        reply,
        429,
        signInPage({ ...step, refusal: PARTICIPANT_APP_MESSAGES.tooManyAttempts(step.retryAfter) }),
      );
    case 'consent':
      allowFormRedirect(reply, step.redirectUri);
      return sendPage(reply, 200, consentPage(step));
  }
}

/**
 * The authorization endpoint of participant apps (SMART App Launch, standalone): server-rendered
 * sign-in and consent pages (docs/decisions/0026-participant-app-launch.md).
 */
export function registerAppLaunchRoutes(
  fhir: FastifyInstance,
  deps: { authorize: AppAuthorize; secureCookie: boolean },
) {
  fhir.get<{ Querystring: AuthorizeQuery }>(
    AUTHORIZE_PATH,
    { config: { access: 'public' }, schema: authorizeStartRouteSchema },
    async (request, reply) => {
      const browserKey = opaqueToken();
      const step = await deps.authorize.start(request.query, browserKey);
      if (step.kind === 'sign-in') {
        reply.setCookie(BROWSER_COOKIE, browserKey, {
          path: `${FHIR_BASE_PATH}/auth`,
          httpOnly: true,
          secure: deps.secureCookie,
          sameSite: 'strict',
        });
      }
      return show(reply, step);
    },
  );

  const answerOptions = {
    config: { access: 'public' as const },
    schema: authorizeAnswerRouteSchema,
  };
  fhir.post(AUTHORIZE_PATH, answerOptions, async (request, reply) => {
    const step = await deps.authorize.answer(
      formFields(request.body),
      request.cookies[BROWSER_COOKIE],
      callerOf(request),
    );
    return show(reply, step);
  });
}

/**
 * Answers a participant app's token request (authorization_code or refresh_token) on the token
 * endpoint system clients use too, and audits it; OAuth JSON, never cached.
 */
export async function answerAppTokenRequest(
  deps: { db: Database; appTokens: AppTokens },
  request: FastifyRequest,
  reply: FastifyReply,
  form: Record<string, string | undefined>,
) {
  const grantType = form.grant_type;
  const result =
    grantType === 'refresh_token'
      ? await deps.appTokens.refresh(form)
      : await deps.appTokens.exchangeCode(form);
  await auditRequest(
    deps.db,
    request,
    result.ok
      ? {
          action: AUDIT_ACTIONS.fhirTokenIssued,
          actorId: result.userId,
          subjectType: 'participant',
          subjectId: result.userId,
          details: {
            grant_type: grantType,
            client_id: result.clientId,
            grant_id: result.grantId,
            scope: result.body.scope,
          },
        }
      : {
          action: AUDIT_ACTIONS.fhirTokenRefused,
          actorEmail: result.clientId ? `fhir-client:${result.clientId}` : null,
          details: { grant_type: grantType, error: result.error, reason: result.reason ?? null },
        },
  );
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (result.ok) return reply.type('application/json').send(result.body);
  return reply
    .code(result.error === 'invalid_client' ? 401 : 400)
    .type('application/json')
    .send({ error: result.error, error_description: APP_TOKEN_REFUSALS[result.error] });
}
