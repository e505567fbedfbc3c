import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import type { Bundle } from '@medplum/fhirtypes';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { and, eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import {
  FHIR_CLIENT_MESSAGES,
  fhirClientListSchema,
  fhirClientMutationSchema,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#app/db/schema/audit';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';

const tokenUrl = `http://portal.test${FHIR_BASE_PATH}/auth/token`;
const testApp = useTestApp();
let admin: LoggedInStaff;
let clinician: LoggedInStaff;
let privateKey: CryptoKey;
let clientId: string;

beforeAll(async () => {
  admin = await loginAs(testApp, 'ADMINISTRATOR');
  clinician = await loginAs(testApp, 'CLINICIAN');
  await createParticipant(testApp.db, { firstName: 'Sys' });
  const pair = await generateKeyPair('ES384');
  privateKey = pair.privateKey;
  const response = await postJson(
    testApp.app,
    API_PATHS.fhirClients.list,
    {
      name: 'Registry feed',
      public_key_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
      scopes: ['system/*.read'],
    },
    { headers: authHeaders(admin.access_token) },
  );
  clientId = successData(response, fhirClientMutationSchema).client.client_id;
  // It reaches patient data, so a second administrator approves it (DESIGN §6).
  const approver = await loginAs(testApp, 'ADMINISTRATOR');
  const approval = await postJson(
    testApp.app,
    API_PATHS.fhirClients.approve(clientId),
    {},
    { headers: authHeaders(approver.access_token) },
  );
  expect(approval.statusCode, approval.body).toBe(200);
}, 90_000);

function assertion(overrides: { aud?: string; exp?: number; jti?: string; iat?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(overrides.iat === undefined ? {} : { iat: overrides.iat })
    .setProtectedHeader({ alg: 'ES384', typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(overrides.aud ?? tokenUrl)
    .setExpirationTime(overrides.exp ?? now + 240)
    .setJti(overrides.jti ?? randomUUID())
    .sign(privateKey);
}

function requestToken(clientAssertion: string, scope = 'system/*.read') {
  return testApp.app.inject({
    method: 'POST',
    url: `${FHIR_BASE_PATH}/auth/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      scope,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: clientAssertion,
    }).toString(),
  });
}

function fhirGet(path: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('SMART Backend Services', () => {
  it('advertises the token endpoint and private_key_jwt', async () => {
    const response = await fhirGet('.well-known/smart-configuration', '');
    expect(response.json()).toMatchObject({
      token_endpoint: tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
      grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
    });
  });

  it('gives a registered client a system token with which it reads and is audited', async () => {
    const response = await requestToken(await assertion());
    expect(response.statusCode, response.body).toBe(200);
    const {
      access_token: token,
      scope,
      expires_in: expiresIn,
    } = response.json<{
      access_token: string;
      scope: string;
      expires_in: number;
    }>();
    expect(scope).toBe('system/*.read');
    expect(expiresIn).toBe(300);
    const bundle = fhirGet('Patient', token);
    expect((await bundle).statusCode).toBe(200);
    expect((await bundle).json<Bundle>().entry?.length).toBe(1);
    const rows = await testApp.db
      .select({ actor: auditLog.actorEmail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.fhirSearch),
          eq(auditLog.actorEmail, `fhir-client:${clientId}`),
        ),
      );
    expect(rows.length).toBe(1);
  });

  it('holds a client to its scopes', async () => {
    const response = await requestToken(await assertion(), 'system/Patient.read');
    const { access_token: token } = response.json<{ access_token: string }>();
    expect((await fhirGet('Patient', token)).statusCode).toBe(200);
    expect((await fhirGet('Observation', token)).statusCode).toBe(403);
    expect((await requestToken(await assertion(), 'user/*.read')).json()).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('refuses a replayed, mis-addressed, long-lived, tampered or foreign assertion', async () => {
    const once = await assertion();
    expect((await requestToken(once)).statusCode).toBe(200);
    expect((await requestToken(once)).statusCode).toBe(401);
    expect(
      (await requestToken(await assertion({ aud: 'https://elsewhere.test/token' }))).statusCode,
    ).toBe(401);
    const far = Math.floor(Date.now() / 1000) + 3600;
    expect((await requestToken(await assertion({ exp: far }))).statusCode).toBe(401);
    const good = await assertion();
    expect((await requestToken(`${good.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    const stranger = await generateKeyPair('ES384');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenUrl)
      .setExpirationTime('4m')
      .setJti(randomUUID())
      .sign(stranger.privateKey);
    expect((await requestToken(forged)).statusCode).toBe(401);
    expect((await requestToken('not-a-jwt')).statusCode).toBe(401);
  });

  it('lets only administrators register, refuses private or unusable keys', async () => {
    const pair = await generateKeyPair('ES384', { extractable: true });
    const refused = await postJson(
      testApp.app,
      API_PATHS.fhirClients.list,
      {
        name: 'X',
        public_key_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
        scopes: ['system/*.read'],
      },
      { headers: authHeaders(clinician.access_token) },
    );
    failure(refused, 403, 'FORBIDDEN');
    for (const key of [
      JSON.stringify(await exportJWK(pair.privateKey)),
      '{"kty":"oct","k":"abc"}',
      'not json',
      '<script>alert(1)</script>',
    ]) {
      const response = await postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        { name: 'X', public_key_jwk: key, scopes: ['system/*.read'] },
        { headers: authHeaders(admin.access_token) },
      );
      expect(failure(response, 400, 'VALIDATION_ERROR').error.message).toBe(
        FHIR_CLIENT_MESSAGES.keyInvalid,
      );
    }
    const list = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.fhirClients.list,
      headers: authHeaders(admin.access_token),
    });
    expect(successData(list, fhirClientListSchema).clients.map((c) => c.name)).toEqual([
      'Registry feed',
    ]);
  });

  it('refuses an assertion issued in the future beyond a minute of clock skew', async () => {
    // The clock stands still here: a second ticking over between signing and checking would
    // move the one-second edge this test draws.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const now = Math.floor(Date.now() / 1000);
      const future = await requestToken(await assertion({ iat: now + 3600, exp: now + 240 }));
      expect(future.statusCode).toBe(401);
      expect(future.json()).toMatchObject({ error: 'invalid_client' });
      expect(future.json<{ error_description: string }>().error_description).toMatch(/issued/);
      const ahead = await requestToken(await assertion({ iat: now + 61, exp: now + 240 }));
      expect(ahead.statusCode).toBe(401);
      const atTheEdge = await requestToken(await assertion({ iat: now + 60, exp: now + 240 }));
      expect(atTheEdge.statusCode, atTheEdge.body).toBe(200);
      const past = await requestToken(await assertion({ iat: now - 10, exp: now + 240 }));
      expect(past.statusCode, past.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a revoked client's tokens at once", async () => {
    const { access_token: token } = (await requestToken(await assertion())).json<{
      access_token: string;
    }>();
    const revoked = await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(clientId),
      headers: authHeaders(admin.access_token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await fhirGet('Patient', token)).statusCode).toBe(401);
    expect((await requestToken(await assertion())).statusCode).toBe(401);
    const again = await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(clientId),
      headers: authHeaders(admin.access_token),
    });
    failure(again, 404, 'NOT_FOUND');
  });

  it('refuses RSA keys under 2048 bits or with a weak exponent, and EC points off the curve', async () => {
    const register = (jwk: JsonWebKey) =>
      postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        {
          name: 'RSA feed',
          public_key_jwk: JSON.stringify(jwk),
          scopes: ['system/Practitioner.rs'],
        },
        { headers: authHeaders(admin.access_token) },
      );
    const rsaKey = (bits: number) =>
      generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' });
    for (const bits of [512, 1024, 2040]) {
      const refused = await register(rsaKey(bits));
      expect(failure(refused, 400, 'VALIDATION_ERROR').error.message).toBe(
        FHIR_CLIENT_MESSAGES.rsaKeySize(bits, 2048, 8192),
      );
    }
    const strong = rsaKey(2048);
    for (const e of ['AQ', 'Ag', 'AQAAAAAB']) {
      const refused = await register({ ...strong, e });
      expect(failure(refused, 400, 'VALIDATION_ERROR').error.message).toBe(
        FHIR_CLIENT_MESSAGES.rsaExponent,
      );
    }
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({
      format: 'jwk',
    });
    expect(failure(await register({ ...ec, y: ec.x }), 400, 'VALIDATION_ERROR').error.message).toBe(
      FHIR_CLIENT_MESSAGES.keyInvalid,
    );
    const accepted = await register(strong);
    expect(successData(accepted, fhirClientMutationSchema).client.key_type).toBe('RSA');
  });
});
