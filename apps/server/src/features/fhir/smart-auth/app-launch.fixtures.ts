import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { fhirClientMutationSchema } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  loginAs,
  postJson,
  successData,
  authHeaders,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, FACTORY_PASSWORD } from '#app/test/factories';

export const REDIRECT_URI = 'https://app.example/cb';
export const AUTHORIZE_URL = `${FHIR_BASE_PATH}/auth/authorize`;
export const TOKEN_URL = `${FHIR_BASE_PATH}/auth/token`;
/** The FHIR base URL of a test app (PUBLIC_URL http://portal.test): what `aud` must name. */
export const AUD = `http://portal.test${FHIR_BASE_PATH}`;

/** Registers a participant app through the API as a fresh administrator; its client id. */
export async function registerApp(
  testApp: TestApp,
  body: Record<string, unknown> = {},
): Promise<string> {
  const admin = await loginAs(testApp, 'ADMINISTRATOR');
  const response = await postJson(
    testApp.app,
    API_PATHS.fhirClients.list,
    { name: 'Recovery app', redirect_uris: [REDIRECT_URI, 'com.example.app:/cb'], ...body },
    { headers: authHeaders(admin.access_token) },
  );
  return successData(response, fhirClientMutationSchema).client.client_id;
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization request of a well-behaved app, with `overrides` (undefined drops one). */
export function authorizeQuery(
  clientId: string,
  challenge: string,
  overrides: Record<string, string | undefined> = {},
): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'launch/patient patient/Observation.cr offline_access',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    aud: AUD,
    ...overrides,
  };
  const defined = Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]);
  return new URLSearchParams(defined).toString();
}

/** What the browser keeps between the pages of one authorization. */
export interface BrowserSession {
  cookie: string;
  requestId: string;
}

/** Opens the authorization endpoint; the browser's cookie and the form's request id, if any. */
export async function openAuthorize(testApp: TestApp, query: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `${AUTHORIZE_URL}?${query}` });
  const cookie = response.cookies.find((c) => c.name === 'rp_smart_authorize');
  const requestId = /name="request"\s+value="([^"]+)"/.exec(response.body)?.[1];
  const session: BrowserSession | null =
    cookie && requestId ? { cookie: `${cookie.name}=${cookie.value}`, requestId } : null;
  return { response, session };
}

/** Posts one of the pages' forms in the browser of `session`. */
export function postAuthorize(
  testApp: TestApp,
  session: BrowserSession,
  fields: Record<string, string>,
  remoteAddress = '198.51.100.7',
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: AUTHORIZE_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    payload: new URLSearchParams({ request: session.requestId, ...fields }).toString(),
    remoteAddress,
  });
}

/** The query parameters of a redirect to the app. */
export function redirectParams(response: LightMyRequestResponse): URLSearchParams {
  const location = response.headers.location;
  if (response.statusCode !== 303 || typeof location !== 'string') {
    throw new Error(`expected a 303 redirect, got ${response.statusCode}: ${response.body}`);
  }
  return new URL(location).searchParams;
}

/** Posts a token request (form-encoded, as OAuth clients do). */
export function postToken(testApp: TestApp, form: Record<string, string>) {
  return testApp.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/**
 * A participant signs in to a registered app and allows it: the code the app receives, with
 * the verifier it must send.
 */
export async function launch(
  testApp: TestApp,
  options: { clientId: string; participant?: { id: number; email: string }; scope?: string },
) {
  const participant = options.participant ?? (await createParticipant(testApp.db));
  const { verifier, challenge } = pkce();
  const query = authorizeQuery(options.clientId, challenge, {
    ...(options.scope ? { scope: options.scope } : {}),
  });
  const { session } = await openAuthorize(testApp, query);
  if (!session) throw new Error('the authorization did not start');
  const signedIn = await postAuthorize(testApp, session, {
    action: 'sign-in',
    email: participant.email,
    password: FACTORY_PASSWORD,
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const code = redirectParams(await postAuthorize(testApp, session, { action: 'allow' })).get(
    'code',
  );
  if (!code) throw new Error('no code');
  return { code, verifier, participant };
}

/** Exchanges a code as the app would. */
export function exchangeCode(
  testApp: TestApp,
  clientId: string,
  code: string,
  verifier: string,
  overrides: Record<string, string> = {},
) {
  return postToken(testApp, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: verifier,
    ...overrides,
  });
}
