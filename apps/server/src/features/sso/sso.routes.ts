import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { signInOptionsSchema, ssoCompletionSchema } from '@recovery-portal/contract/sso';
import {
  SSO_LOGIN_PARAMS,
  SSO_SIGN_IN_TTL_MINUTES,
  type SsoRefusal,
} from '@recovery-portal/contract/sso-constants';
import { callerOf } from '#app/core/caller';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { redirectResponse } from '#app/lib/route-responses';
import type { DeviceCookies } from '#app/core/sign-in/device-cookies';
import { OidcFailure } from './oidc-client';
import type { SsoService } from './sso.service';

/** The httpOnly cookie that ties a sign-in to the browser that started it. */
const SIGN_IN_COOKIE = 'rp_sso';
const COOKIE_PATH = '/api/account/oidc';
/** No provider sends a longer answer; a longer query is refused before any work. */
const MAX_CALLBACK_QUERY_LENGTH = 8_192;

const callbackQuerySchema = z.object({
  state: z.string().max(2_048).optional(),
  code: z.string().max(4_096).optional(),
  error: z.string().max(256).optional(),
});

function toLogin(reply: FastifyReply, outcome: { ok: true } | { ok: false; reason: SsoRefusal }) {
  const query = outcome.ok
    ? `${SSO_LOGIN_PARAMS.complete}=1`
    : `${SSO_LOGIN_PARAMS.refused}=${outcome.reason}`;
  return reply.redirect(`${WEB_ROUTES.login}?${query}`, 303);
}

/**
 * Single sign-on routes (ADR 0015), all public: sign-in options for the login page always; the
 * flow itself only when OIDC is configured.
 */
export function registerSsoRoutes(
  app: FastifyInstance,
  deps: { sso: SsoService; secureCookie: boolean; devices: DeviceCookies },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sso } = deps;
  const tags = ['single sign-on'];
  const publicRoute = { access: 'public' } as const;
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider's redirect back is a cross-site top-level navigation that must carry it.
    sameSite: 'lax',
    secure: deps.secureCookie,
  } as const;

  routes.get(
    API_PATHS.sso.options,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'How staff can sign in: the single sign-on button, and whether passwords are offered',
        response: { 200: successEnvelope(signInOptionsSchema) },
      },
    },
    async () => ok(sso.options()),
  );

  if (!sso.enabled) return;

  routes.get(
    API_PATHS.sso.start,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Browser navigation: sends the browser to the identity provider's sign-in",
        response: {
          302: redirectResponse("To the identity provider's sign-in"),
          303: redirectResponse(
            'To the login page with the reason, when the provider is unavailable',
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const { browserKey, url } = await sso.start();
        reply.setCookie(SIGN_IN_COOKIE, browserKey, {
          ...cookieOptions,
          maxAge: SSO_SIGN_IN_TTL_MINUTES * 60,
        });
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error;
        request.log.warn(
          { reason: error.reason, detail: error.detail },
          'Single sign-on unavailable',
        );
        return toLogin(reply, { ok: false, reason: error.reason });
      }
    },
  );

  routes.get(
    API_PATHS.sso.callback,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "The redirect URI: redeems the provider's answer, then sends the browser to the login page",
        querystring: callbackQuerySchema,
        response: {
          303: redirectResponse('To the login page: signed in, or the reason it was refused'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const raw = request.url.split('?')[1] ?? '';
      const outcome =
        raw.length > MAX_CALLBACK_QUERY_LENGTH
          ? ({ ok: false, reason: 'invalid_response' } as const)
          : await sso.callback(
              request.cookies[SIGN_IN_COOKIE],
              { raw, state: request.query.state },
              callerOf(request),
            );
      if (!outcome.ok) reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      return toLogin(reply, outcome);
    },
  );

  routes.post(
    API_PATHS.sso.complete,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Completes an accepted single sign-on: the session, or a two-step challenge, and the logout address',
        response: { 200: successEnvelope(ssoCompletionSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const browserKey = request.cookies[SIGN_IN_COOKIE];
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      const completion = await sso.complete(browserKey, callerOf(request));
      // A session, not a two-step challenge: the sign-in is complete, so the browser is trusted.
      if ('access_token' in completion.result) {
        deps.devices.remember(request, reply, completion.result.user.id);
      }
      return ok(completion);
    },
  );
}
