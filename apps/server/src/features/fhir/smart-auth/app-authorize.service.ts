import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { PARTICIPANT_APP_MESSAGES } from '@recovery-portal/contract/participant-app';
import {
  SMART_AUTHORIZATION_TTL_SECONDS,
  SMART_CODE_TTL_SECONDS,
} from '@recovery-portal/contract/smart-scopes';
import type { Database } from '#app/db/client';
import { recordAudit } from '#app/core/audit/record-audit';
import type { CallerContext } from '#app/core/caller';
import type { ParticipantSignIn } from '#app/core/sign-in/participant-sign-in';
import { opaqueToken, sha256 } from '#app/lib/secure-random';
import {
  deleteAuthorization,
  findLiveAppClient,
  findPendingAuthorization,
  insertAuthorization,
  issueAuthorizationCode,
  setAuthorizationUser,
} from './app-launch.repository';
import { grantAppScopes, grantsResourceAccess } from './app-scopes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** base64url of a SHA-256 digest (RFC 7636 §4.2, S256). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 1024;
const MAX_SCOPE_LENGTH = 4096;

/** An app's authorization request as the browser brought it; a repeated parameter is an array. */
export type AuthorizeQuery = Record<string, string | string[] | undefined>;

/** What the browser is shown next. */
export type AuthorizeStep =
  | { kind: 'error'; status: number; message: string }
  | { kind: 'redirect'; location: string; redirectUri: string }
  | { kind: 'sign-in'; requestId: string; appName: string; email?: string; refusal?: string }
  | { kind: 'throttled'; requestId: string; appName: string; email: string; retryAfter: number }
  | { kind: 'consent'; requestId: string; appName: string; scopes: string[]; redirectUri: string };

const single = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/** The registered redirect URI with the answer's parameters added (RFC 6749 §4.1.2). */
function redirectTo(redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return { kind: 'redirect' as const, location: url.toString(), redirectUri };
}

/**
 * The browser side of a participant app's standalone launch (SMART App Launch 2.x,
 * authorization code with PKCE S256): checks the app's request, lets the participant sign in
 * and allow or deny what it asks for, and returns to the app with a single-use code. An unknown
 * app or a redirect URI not registered exactly is never redirected to.
 */
export function createAppAuthorize(deps: {
  db: Database;
  /** The FHIR base URL: an app's `aud` must name this server. */
  base: string;
  signIn: ParticipantSignIn;
}) {
  const { db } = deps;

  async function audit(
    caller: CallerContext,
    userId: number,
    details: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(db, {
      actorId: userId,
      action: AUDIT_ACTIONS.fhirAppConsent,
      subjectType: 'participant',
      subjectId: userId,
      details,
      clientAddress: caller.clientAddress,
      requestId: caller.requestId,
    });
  }

  return {
    /** GET authorize: the sign-in page, an OAuth error for the app, or a page saying what is wrong. */
    async start(query: AuthorizeQuery, browserKey: string): Promise<AuthorizeStep> {
      const clientId = single(query.client_id);
      const client = clientId && UUID.test(clientId) ? await findLiveAppClient(db, clientId) : null;
      if (!client) {
        return { kind: 'error', status: 400, message: PARTICIPANT_APP_MESSAGES.unknownClient };
      }
      const redirectUri = single(query.redirect_uri);
      if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
        return {
          kind: 'error',
          status: 400,
          message: PARTICIPANT_APP_MESSAGES.unregisteredRedirect,
        };
      }
      // From here on the app is known and so is where it wants the answer: errors go there.
      const state = single(query.state);
      const refuse = (error: string, description: string) =>
        redirectTo(redirectUri, { error, error_description: description, state });
      const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
      if (repeated) return refuse('invalid_request', `${repeated[0]} was sent more than once.`);
      if (query.response_type !== 'code') {
        return refuse('unsupported_response_type', 'Only response_type=code is supported.');
      }
      if (!state || state.length > MAX_STATE_LENGTH) {
        return refuse('invalid_request', 'Send a state of at most 1024 characters.');
      }
      const challenge = single(query.code_challenge);
      if (query.code_challenge_method !== 'S256' || !challenge || !S256_CHALLENGE.test(challenge)) {
        return refuse(
          'invalid_request',
          'PKCE is required: send code_challenge (43 characters, base64url of a SHA-256) with code_challenge_method=S256.',
        );
      }
      const aud = single(query.aud)?.replace(/\/+$/, '');
      if (aud !== deps.base) {
        return refuse('invalid_request', `aud must be this FHIR server's base URL, ${deps.base}.`);
      }
      const requested = (single(query.scope) ?? '').slice(0, MAX_SCOPE_LENGTH).split(/\s+/);
      const scopes = grantAppScopes(requested, client.scopes);
      if (!grantsResourceAccess(scopes)) {
        return refuse(
          'invalid_scope',
          'Ask for patient scopes (patient/<Type>.<cruds> or patient/<Type>.read) within those the app was registered with.',
        );
      }
      const requestId = await insertAuthorization(db, {
        clientId: client.id,
        redirectUri,
        state,
        codeChallenge: challenge,
        scopes,
        browserHash: sha256(browserKey),
        expiresAt: new Date(Date.now() + SMART_AUTHORIZATION_TTL_SECONDS * 1000),
      });
      return { kind: 'sign-in', requestId, appName: client.name };
    },

    /** POST authorize, a step of a pending authorization in the browser that started it. */
    async answer(
      form: Record<string, string | undefined>,
      browserKey: string | undefined,
      caller: CallerContext,
    ): Promise<AuthorizeStep> {
      const expired = {
        kind: 'error',
        status: 400,
        message: PARTICIPANT_APP_MESSAGES.requestExpired,
      } as const;
      const requestId = form.request ?? '';
      if (!browserKey || !UUID.test(requestId)) return expired;
      const pending = await findPendingAuthorization(db, requestId, sha256(browserKey));
      if (!pending) return expired;
      const step = { requestId, appName: pending.clientName };

      if (form.action === 'sign-in') {
        const email = (form.email ?? '').trim().slice(0, 254);
        const password = (form.password ?? '').slice(0, 256);
        if (!email || !password) {
          return {
            kind: 'sign-in',
            ...step,
            email,
            refusal: PARTICIPANT_APP_MESSAGES.fieldsRequired,
          };
        }
        const result = await deps.signIn(email, password, caller, {
          client_id: pending.clientId,
          client_name: pending.clientName,
        });
        if (!result.ok) {
          return result.retryAfterSeconds === null
            ? { kind: 'sign-in', ...step, email, refusal: PARTICIPANT_APP_MESSAGES.signInRefused }
            : { kind: 'throttled', ...step, email, retryAfter: result.retryAfterSeconds };
        }
        await setAuthorizationUser(db, requestId, result.userId);
        return {
          kind: 'consent',
          ...step,
          scopes: pending.scopes,
          redirectUri: pending.redirectUri,
        };
      }

      // Allow and Deny answer only once someone has signed in to this authorization.
      const userId = pending.userId;
      if (userId === null || (form.action !== 'allow' && form.action !== 'deny')) return expired;
      const details = {
        client_id: pending.clientId,
        client_name: pending.clientName,
        scopes: pending.scopes,
      };
      if (form.action === 'deny') {
        await deleteAuthorization(db, requestId);
        await audit(caller, userId, { ...details, decision: 'deny' });
        return redirectTo(pending.redirectUri, { error: 'access_denied', state: pending.state });
      }
      const code = opaqueToken();
      const issued = await issueAuthorizationCode(db, requestId, {
        hash: sha256(code),
        expiresAt: new Date(Date.now() + SMART_CODE_TTL_SECONDS * 1000),
      });
      if (!issued) return expired;
      await audit(caller, userId, { ...details, decision: 'allow' });
      return redirectTo(pending.redirectUri, { code, state: pending.state });
    },
  };
}
export type AppAuthorize = ReturnType<typeof createAppAuthorize>;
