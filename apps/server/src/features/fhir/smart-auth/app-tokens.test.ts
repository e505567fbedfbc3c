import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  SMART_CODE_TTL_SECONDS,
  SMART_PATIENT_TOKEN_TTL_SECONDS,
} from '@recovery-portal/contract/smart-scopes';
import { auditLog } from '#app/db/schema/audit';
import { smartRefreshTokens } from '#app/db/schema/smart-app';
import { users } from '#app/db/schema/users';
import { authHeaders, loginAs, TEST_JWT_SECRET, useTestApp } from '#app/test/build-test-app';
import { exchangeCode, launch, pkce, postToken, registerApp } from './app-launch.fixtures';
import { createPatientTokens } from './patient-tokens';

const testApp = useTestApp();

beforeEach(async () => {
  await testApp.reset();
});

const tokenBody = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number(),
    scope: z.string(),
    patient: z.string(),
    refresh_token: z.string().optional(),
  })
  .strict();

const oauthError = z.object({ error: z.string(), error_description: z.string() }).strict();

function tokens() {
  return createPatientTokens({ db: testApp.db, secret: TEST_JWT_SECRET });
}

/** A participant has signed in to the app and allowed it; the app's first token response. */
async function signedInApp(scope?: string) {
  const clientId = await registerApp(testApp);
  const { code, verifier, participant } = await launch(testApp, {
    clientId,
    ...(scope ? { scope } : {}),
  });
  const response = await exchangeCode(testApp, clientId, code, verifier);
  expect(response.statusCode, response.body).toBe(200);
  return { clientId, participant, code, verifier, body: tokenBody.parse(response.json()) };
}

function refresh(clientId: string, refreshToken: string, extra: Record<string, string> = {}) {
  return postToken(testApp, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
    ...extra,
  });
}

function expectRefusal(
  response: Awaited<ReturnType<typeof postToken>>,
  status: number,
  error: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(oauthError.parse(response.json()).error).toBe(error);
}

describe('exchanging the code (authorization_code with PKCE)', () => {
  it('answers a short-lived access token, Bearer, the granted scope, the patient and, with offline_access, a refresh token', async () => {
    const { clientId, participant, body } = await signedInApp();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: SMART_PATIENT_TOKEN_TTL_SECONDS,
      scope: 'launch/patient patient/Observation.cr offline_access',
      patient: String(participant.id),
    });
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    const caller = await tokens().verify(body.access_token);
    expect(caller).toMatchObject({ patientId: participant.id, clientId });
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.token.issued'), eq(auditLog.actorId, participant.id)));
    expect(row?.details).toMatchObject({ grant_type: 'authorization_code', client_id: clientId });
    // Stored only as a digest.
    const stored = await testApp.db.select().from(smartRefreshTokens);
    expect(stored.map((token) => token.tokenHash)).not.toContain(body.refresh_token);
  });

  it('gives no refresh token without offline_access, and never a scope the app was not registered for', async () => {
    const { body } = await signedInApp('patient/Observation.rs patient/Patient.r system/*.read');
    expect(body.refresh_token).toBeUndefined();
    expect(body.scope).toBe('patient/Observation.rs patient/Patient.r');
    expect(body.access_token).toBeTruthy();
  });

  it('answers with no-store and never opens the staff API with the token', async () => {
    const clientId = await registerApp(testApp);
    const { code, verifier } = await launch(testApp, { clientId });
    const response = await exchangeCode(testApp, clientId, code, verifier);
    expect(response.headers['cache-control']).toBe('no-store');
    const { access_token: token } = tokenBody.parse(response.json());
    const staffApi = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.groups,
      headers: authHeaders(token),
    });
    expect(staffApi.statusCode).toBe(401);
  });

  it('refuses a missing, plain or wrong code_verifier, and the code is spent by the attempt', async () => {
    const clientId = await registerApp(testApp);
    const first = await launch(testApp, { clientId });
    expectRefusal(
      await postToken(testApp, {
        grant_type: 'authorization_code',
        code: first.code,
        redirect_uri: 'https://app.example/cb',
        client_id: clientId,
      }),
      400,
      'invalid_request',
    );
    // The challenge itself sent as the verifier, as the "plain" method would.
    const { challenge } = pkce();
    expectRefusal(
      await exchangeCode(testApp, clientId, first.code, challenge),
      400,
      'invalid_grant',
    );
    expectRefusal(
      await exchangeCode(testApp, clientId, first.code, first.verifier),
      400,
      'invalid_grant',
    );
    const second = await launch(testApp, { clientId });
    expectRefusal(
      await exchangeCode(testApp, clientId, second.code, pkce().verifier),
      400,
      'invalid_grant',
    );
  });

  it('works once: a second exchange is refused and ends what the first one gave', async () => {
    const { clientId, code, verifier, body } = await signedInApp();
    expectRefusal(await exchangeCode(testApp, clientId, code, verifier), 400, 'invalid_grant');
    expect(await tokens().verify(body.access_token)).toBeNull();
    expectRefusal(await refresh(clientId, body.refresh_token ?? ''), 400, 'invalid_grant');
  });

  it('works for minutes only', async () => {
    const clientId = await registerApp(testApp);
    const { code, verifier } = await launch(testApp, { clientId });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SMART_CODE_TTL_SECONDS * 1000 + 1000);
      expectRefusal(await exchangeCode(testApp, clientId, code, verifier), 400, 'invalid_grant');
    } finally {
      vi.useRealTimers();
    }
  });

  it('belongs to its app and redirect URI; an unknown app is an invalid client', async () => {
    const clientId = await registerApp(testApp);
    const otherApp = await registerApp(testApp);
    const one = await launch(testApp, { clientId });
    expectRefusal(
      await exchangeCode(testApp, otherApp, one.code, one.verifier),
      400,
      'invalid_grant',
    );
    const two = await launch(testApp, { clientId });
    expectRefusal(
      await exchangeCode(testApp, clientId, two.code, two.verifier, {
        redirect_uri: 'com.example.app:/cb',
      }),
      400,
      'invalid_grant',
    );
    const three = await launch(testApp, { clientId });
    expectRefusal(
      await exchangeCode(testApp, clientId, three.code, three.verifier, {
        client_id: '4f1c1c7e-0000-4000-8000-000000000000',
      }),
      401,
      'invalid_client',
    );
    expectRefusal(
      await exchangeCode(testApp, clientId, 'x'.repeat(5000), three.verifier),
      400,
      'invalid_grant',
    );
  });

  it('is refused when the participant was suspended after allowing the app', async () => {
    const clientId = await registerApp(testApp);
    const { code, verifier, participant } = await launch(testApp, { clientId });
    await testApp.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, participant.id));
    expectRefusal(await exchangeCode(testApp, clientId, code, verifier), 400, 'invalid_grant');
  });
});

describe('refreshing (refresh_token)', () => {
  it('rotates on every use; a reused refresh token ends that app’s sign-in', async () => {
    const { clientId, body } = await signedInApp();
    const first = body.refresh_token ?? '';
    const renewed = await refresh(clientId, first);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const second = tokenBody.parse(renewed.json());
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect(second.scope).toBe(body.scope);
    expect(await tokens().verify(second.access_token)).not.toBeNull();

    // The first token again: someone else holds a copy. Everything of this sign-in ends.
    expectRefusal(await refresh(clientId, first), 400, 'invalid_grant');
    expect(await tokens().verify(second.access_token)).toBeNull();
    expect(await tokens().verify(body.access_token)).toBeNull();
    expectRefusal(await refresh(clientId, second.refresh_token ?? ''), 400, 'invalid_grant');
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'fhir.token.refused'),
          eq(auditLog.actorEmail, `fhir-client:${clientId}`),
        ),
      );
    expect(row?.details).toMatchObject({
      grant_type: 'refresh_token',
      reason: 'refresh token reused: its grant was revoked',
    });
  });

  it('refuses another app, a wider scope, a missing client_id and an unknown token', async () => {
    const { clientId, body } = await signedInApp();
    const token = body.refresh_token ?? '';
    const otherApp = await registerApp(testApp);
    expectRefusal(await refresh(otherApp, token), 400, 'invalid_grant');
    expectRefusal(
      await refresh(clientId, token, { scope: 'patient/*.cruds offline_access' }),
      400,
      'invalid_scope',
    );
    expectRefusal(
      await postToken(testApp, { grant_type: 'refresh_token', refresh_token: token }),
      400,
      'invalid_request',
    );
    expectRefusal(await refresh(clientId, 'not-a-token'), 400, 'invalid_grant');
    // A narrower scope is fine; the token was not spent by the refusals above.
    const narrower = await refresh(clientId, token, { scope: 'patient/Observation.cr' });
    expect(narrower.statusCode, narrower.body).toBe(200);
  });

  it('stops at once for a revoked app and for a suspended or deleted participant', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const revokedApp = await signedInApp();
    await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(revokedApp.clientId),
      headers: authHeaders(admin.access_token),
    });
    expect(await tokens().verify(revokedApp.body.access_token)).toBeNull();
    expectRefusal(
      await refresh(revokedApp.clientId, revokedApp.body.refresh_token ?? ''),
      401,
      'invalid_client',
    );

    const suspended = await signedInApp();
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, suspended.participant.id));
    expect(await tokens().verify(suspended.body.access_token)).toBeNull();
    expectRefusal(
      await refresh(suspended.clientId, suspended.body.refresh_token ?? ''),
      400,
      'invalid_grant',
    );

    const deleted = await signedInApp();
    await testApp.db.delete(users).where(eq(users.id, deleted.participant.id));
    expectRefusal(
      await refresh(deleted.clientId, deleted.body.refresh_token ?? ''),
      400,
      'invalid_grant',
    );
  });
});

describe('the token endpoint', () => {
  it('says which grant types it supports, and takes odd bodies as OAuth errors', async () => {
    expectRefusal(
      await postToken(testApp, { grant_type: 'password' }),
      400,
      'unsupported_grant_type',
    );
    expect(
      oauthError.parse((await postToken(testApp, { grant_type: 'implicit' })).json())
        .error_description,
    ).toMatch(/authorization_code and refresh_token/);
    expectRefusal(
      await postToken(testApp, { grant_type: 'authorization_code' }),
      400,
      'invalid_request',
    );
    const repeated = await testApp.app.inject({
      method: 'POST',
      url: '/fhir/R4/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&grant_type=refresh_token&refresh_token=a&client_id=b',
    });
    expect(repeated.statusCode).toBeLessThan(500);
  });
});
