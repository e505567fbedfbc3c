import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { fhirClientMutationSchema, type FhirClient } from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  authHeaders,
  postJson,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';

/** The token endpoint as a test app (PUBLIC_URL http://portal.test) names it. */
export const TEST_TOKEN_URL = `http://portal.test${FHIR_BASE_PATH}/auth/token`;

/** A registered system client and the private key it signs its assertions with. */
export interface TestSystemClient {
  client: FhirClient;
  privateKey: CryptoKey;
}

/** Registers a system client (ES384 key) as this administrator, with these scopes. */
export async function registerSystemClient(
  testApp: TestApp,
  admin: LoggedInStaff,
  scopes: string[],
  name = 'Registry feed',
): Promise<TestSystemClient> {
  const pair = await generateKeyPair('ES384');
  const response = await postJson(
    testApp.app,
    API_PATHS.fhirClients.list,
    { name, public_key_jwk: JSON.stringify(await exportJWK(pair.publicKey)), scopes },
    { headers: authHeaders(admin.access_token) },
  );
  return {
    client: successData(response, fhirClientMutationSchema).client,
    privateKey: pair.privateKey,
  };
}

/** POST /api/fhir-clients/:id/approve as this administrator. */
export function approveSystemClient(
  testApp: TestApp,
  admin: LoggedInStaff,
  clientId: string,
): Promise<LightMyRequestResponse> {
  return postJson(
    testApp.app,
    API_PATHS.fhirClients.approve(clientId),
    {},
    { headers: authHeaders(admin.access_token) },
  );
}

/** Exchanges a fresh signed assertion of the client for a token with these scopes. */
export async function requestSystemToken(
  testApp: TestApp,
  { client, privateKey }: TestSystemClient,
  scope: string,
): Promise<LightMyRequestResponse> {
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', typ: 'JWT' })
    .setIssuer(client.client_id)
    .setSubject(client.client_id)
    .setAudience(TEST_TOKEN_URL)
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .setJti(randomUUID())
    .sign(privateKey);
  return testApp.app.inject({
    method: 'POST',
    url: `${FHIR_BASE_PATH}/auth/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      scope,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }).toString(),
  });
}
