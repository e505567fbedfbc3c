import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginResponseSchema, tokenPairSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { mfaChallengeSchema } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { signInOptionsSchema, ssoCompletionSchema } from '@recovery-portal/contract/sso';
import { SSO_REFUSAL_MESSAGES, type SsoRefusal } from '@recovery-portal/contract/sso-constants';
import { auditLog } from '#app/db/schema/audit';
import { ssoIdentities, ssoSignIns } from '#app/db/schema/sso';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  buildTestApp,
  csrfHeaders,
  failure,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createUser } from '#app/test/factories';
import {
  signInAtProvider,
  startTestIdentityProvider,
  type TestIdentity,
  type TestIdentityProvider,
} from '#app/test/oidc/test-identity-provider';
import { setRequiredForStaff } from '#app/core/sign-in/sign-in.repository';

const PUBLIC_URL = 'http://portal.test';
const REDIRECT_URI = `${PUBLIC_URL}${API_PATHS.sso.callback}`;
const client = {
  clientId: 'recovery-portal',
  clientSecret: 'test-client-secret-0123456789',
  redirectUri: REDIRECT_URI,
  postLogoutRedirectUri: `${PUBLIC_URL}/login`,
};

/** The provider's people; the portal accounts each test needs are created by the test. */
const IDENTITIES: Record<string, TestIdentity> = {
  clinician: { email: 'Cleo.Sso@Clinic.test', email_verified: true, given_name: 'Cleo' },
  suspended: { email: 'suspended.sso@clinic.test', email_verified: true },
  unverified: { email: 'unverified.sso@clinic.test', email_verified: false },
  stranger: {
    email: 'new.person@clinic.test',
    email_verified: true,
    given_name: 'Nadia',
    family_name: 'Newcomer',
  },
  participant: { email: 'patient.sso@clinic.test', email_verified: true },
  invited: { email: 'invited.sso@clinic.test', email_verified: true },
  noemail: {},
  // A different person at the provider (another sub) who was given Cleo's email.
  impostor: { email: 'cleo.sso@clinic.test', email_verified: true },
  // UserInfo says verified; the ID token (idTokenClaims below) says not.
  downgraded: { email: 'downgraded.sso@clinic.test', email_verified: true },
  early: { email: 'early.sso@clinic.test', email_verified: true },
  skewed: { email: 'skewed.sso@clinic.test', email_verified: true },
};

/** ID token claims the provider gets wrong, by login name; iat in seconds from now. */
function misbehaviour(login: string): Record<string, unknown> | undefined {
  const now = Math.floor(Date.now() / 1000);
  if (login === 'downgraded') return { email_verified: false };
  if (login === 'early') return { iat: now + 10 * 60 };
  if (login === 'skewed') return { iat: now + 30 };
  return undefined;
}

const oidcEnv = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: client.clientId,
  OIDC_CLIENT_SECRET: client.clientSecret,
  OIDC_NAME: 'Clinic Login',
});

let provider: TestIdentityProvider;
let testApp: TestApp;

beforeAll(async () => {
  // Okta-like thin ID tokens: the email comes from the UserInfo endpoint.
  provider = await startTestIdentityProvider({
    client,
    accounts: IDENTITIES,
    claimsInIdToken: false,
    idTokenClaims: misbehaviour,
  });
  testApp = await buildTestApp(oidcEnv(provider.issuer));
});
afterAll(async () => {
  await testApp.close();
  await provider.close();
});
beforeEach(async () => {
  await testApp.reset();
});

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(';')[0]?.slice(name.length + 1);
}

/** GET start as the browser does: the provider URL and the sign-in cookie. */
async function start(app = testApp) {
  const response = await app.app.inject({ method: 'GET', url: API_PATHS.sso.start });
  expect(response.statusCode).toBe(302);
  const browserKey = cookieOf(response, 'rp_sso');
  if (!browserKey) throw new Error('no sign-in cookie');
  return { authorizationUrl: String(response.headers.location), browserKey };
}

/** The browser arriving at the redirect URI; answers where the portal sends it next. */
async function callback(url: URL, browserKey: string | null, app = testApp) {
  const response = await app.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: browserKey ? { cookie: `rp_sso=${browserKey}` } : {},
  });
  expect(response.statusCode).toBe(303);
  return {
    location: String(response.headers.location),
    requestId: String(response.headers['x-request-id']),
  };
}

function complete(browserKey: string | null, app = testApp) {
  const headers = csrfHeaders();
  if (browserKey) headers.cookie = `${headers.cookie}; rp_sso=${browserKey}`;
  return postJson(app.app, API_PATHS.sso.complete, {}, { headers });
}

/** Start, sign in at the provider as `login`, return to the portal. */
async function signInAs(login: string, app = testApp) {
  const { authorizationUrl, browserKey } = await start(app);
  const returned = await signInAtProvider(authorizationUrl, login, REDIRECT_URI);
  return { returned, browserKey, ...(await callback(returned, browserKey, app)) };
}

async function auditOf(requestId: string) {
  return testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
}

/** A refusal's row: its own, or the folded row of anonymous refusals it was counted into. */
async function refusalRowOf(requestId: string) {
  const [own] = await auditOf(requestId);
  if (own) return own;
  const [folded] = await testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, AUDIT_ACTIONS.ssoRefused), isNotNull(auditLog.foldedMinute)));
  return folded;
}

async function expectRefused(
  outcome: { location: string; requestId: string; browserKey: string | null },
  reason: SsoRefusal,
  actorEmail: string | null = null,
) {
  expect(outcome.location).toBe(`/login?sso_error=${reason}`);
  const row = await refusalRowOf(outcome.requestId);
  expect(row).toMatchObject({
    action: AUDIT_ACTIONS.ssoRefused,
    actorEmail,
    details: expect.objectContaining({ method: 'oidc', reason }),
  });
  // Nothing can be completed after a refusal.
  const completion = failure(await complete(outcome.browserKey), 401, 'UNAUTHENTICATED');
  expect(completion._error).toBe(SSO_REFUSAL_MESSAGES.expired);
}

describe('sign-in options', () => {
  it('offer the configured button and the password form', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.sso.options });
    expect(successData(response, signInOptionsSchema)).toEqual({
      sso_name: 'Clinic Login',
      password_sign_in: true,
    });
  });

  it('offer no button without OIDC, and the flow routes do not exist', async () => {
    const plain = await buildTestApp();
    try {
      const options = await plain.app.inject({ method: 'GET', url: API_PATHS.sso.options });
      expect(successData(options, signInOptionsSchema)).toEqual({
        sso_name: null,
        password_sign_in: true,
      });
      const started = await plain.app.inject({ method: 'GET', url: API_PATHS.sso.start });
      failure(started, 404, 'NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});

describe('single sign-on against a real provider', () => {
  it('signs an active clinician in with Authorization Code, PKCE, state and nonce', async () => {
    const clinician = await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    const { authorizationUrl, browserKey } = await start();
    const request = new URL(authorizationUrl);
    expect(request.origin).toBe(provider.issuer);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(request.searchParams.get(param)).toMatch(/^[\w-]{43,}$/);
    // The verifier never leaves the server: the browser only carries a random key.
    const [stored] = await testApp.db.select().from(ssoSignIns);
    expect(authorizationUrl).not.toContain(stored?.codeVerifier);
    expect(browserKey).not.toBe(stored?.browserKeyHash);

    const returned = await signInAtProvider(authorizationUrl, 'clinician', REDIRECT_URI);
    const back = await callback(returned, browserKey);
    expect(back.location).toBe('/login?sso=1');

    const completed = await complete(browserKey);
    const completion = successData(completed, ssoCompletionSchema);
    const session = loginResponseSchema.parse(completion.result);
    expect(session.user).toMatchObject({ id: clinician.id, role: 'CLINICIAN' });
    // A complete sign-in: the browser is trusted for the account, as after a password.
    expect(cookieOf(completed, 'rp_device')).toMatch(new RegExp(`^${clinician.id}\\.`));
    const endSession = new URL(completion.end_session_url ?? '');
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The portal's own session: it calls the API, rotates, and is audited as any sign-in.
    const status = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.mfa.status,
      headers: authHeaders(session.access_token),
    });
    expect(status.statusCode).toBe(200);
    const refreshed = await postJson(testApp.app, API_PATHS.account.token, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    successData(refreshed, tokenPairSchema);
    const logins = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, clinician.id));
    expect(logins.map((row) => [row.action, row.details])).toContainEqual([
      AUDIT_ACTIONS.login,
      { method: 'oidc' },
    ]);

    // The completion is single use.
    failure(await complete(browserKey), 401, 'UNAUTHENTICATED');
  });

  it('asks for the two-step code when the portal requires it, after the provider', async () => {
    await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    await setRequiredForStaff(testApp.db, true);
    const { browserKey } = await signInAs('clinician');
    const completed = await complete(browserKey);
    const completion = successData(completed, ssoCompletionSchema);
    expect(mfaChallengeSchema.parse(completion.result).mfa).toBe('ENROL');
    expect(cookieOf(completed, 'rp_device')).toBeUndefined();
  });

  it('refuses a wrong state', async () => {
    await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    const { authorizationUrl, browserKey } = await start();
    const returned = await signInAtProvider(authorizationUrl, 'clinician', REDIRECT_URI);
    returned.searchParams.set('state', 'a'.repeat(43));
    const back = await callback(returned, browserKey);
    await expectRefused({ ...back, browserKey }, 'state_mismatch');
  });

  it('refuses an answer without state, or without the cookie of the browser that started', async () => {
    const { authorizationUrl, browserKey } = await start();
    const returned = await signInAtProvider(authorizationUrl, 'clinician', REDIRECT_URI);
    const withoutCookie = await callback(returned, null);
    await expectRefused({ ...withoutCookie, browserKey: null }, 'expired');
    returned.searchParams.delete('state');
    await expectRefused(
      { ...(await callback(returned, browserKey)), browserKey },
      'state_mismatch',
    );
  });

  it('folds a flood of callbacks matching no sign-in into one audit row per address and minute', async () => {
    const { authorizationUrl } = await start();
    const returned = await signInAtProvider(authorizationUrl, 'clinician', REDIRECT_URI);
    const flooder = '203.0.113.7';
    for (let i = 0; i < 30; i += 1) {
      returned.searchParams.set('state', `forged-${i}-${'x'.repeat(36)}`);
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${returned.pathname}${returned.search}`,
        remoteAddress: flooder,
      });
      expect(response.headers.location).toBe('/login?sso_error=expired');
    }
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, AUDIT_ACTIONS.ssoRefused), eq(auditLog.clientAddress, flooder)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      repeatCount: 30,
      details: expect.objectContaining({ reason: 'expired' }),
    });
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    const { authorizationUrl, browserKey } = await start();
    // As if the ID token had been issued for another sign-in (a token injection).
    await testApp.db.update(ssoSignIns).set({ nonce: 'another-sign-in-nonce-0123456789abcdef' });
    const returned = await signInAtProvider(authorizationUrl, 'clinician', REDIRECT_URI);
    const back = await callback(returned, browserKey);
    await expectRefused({ ...back, browserKey }, 'invalid_response');
  });

  it('refuses a replayed code, in the same browser and in another sign-in', async () => {
    await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    const first = await signInAs('clinician');
    expect(first.location).toBe('/login?sso=1');
    await expectRefused(
      { ...(await callback(first.returned, first.browserKey)), browserKey: null },
      'expired',
    );

    // An attacker's fresh sign-in carrying the stolen code: the provider refuses to redeem it.
    const second = await start();
    const state = new URL(second.authorizationUrl).searchParams.get('state') ?? '';
    const replay = new URL(first.returned);
    replay.searchParams.set('state', state);
    const back = await callback(replay, second.browserKey);
    await expectRefused({ ...back, browserKey: second.browserKey }, 'provider_error');
  });

  it('refuses an unknown person and records who tried', async () => {
    const outcome = await signInAs('stranger');
    await expectRefused(outcome, 'unknown_account', 'new.person@clinic.test');
    expect(await testApp.db.select().from(users)).toEqual([]);
  });

  it('refuses an unverified email even when an account has it', async () => {
    await createUser(testApp.db, { email: 'unverified.sso@clinic.test' });
    await expectRefused(
      await signInAs('unverified'),
      'email_unverified',
      'unverified.sso@clinic.test',
    );
  });

  it('refuses a person the provider names no email for', async () => {
    await expectRefused(await signInAs('noemail'), 'email_missing');
  });

  it('refuses a suspended (deactivated) account', async () => {
    await createUser(testApp.db, { email: 'suspended.sso@clinic.test', status: 'SUSPENDED' });
    await expectRefused(
      await signInAs('suspended'),
      'account_suspended',
      'suspended.sso@clinic.test',
    );
  });

  it('refuses a participant', async () => {
    await createUser(testApp.db, {
      email: 'patient.sso@clinic.test',
      role: 'PARTICIPANT',
      participantType: 'Pilot',
    });
    await expectRefused(await signInAs('participant'), 'not_staff', 'patient.sso@clinic.test');
  });

  it('refuses the completion when the account was suspended after the callback', async () => {
    const clinician = await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    const { browserKey, location } = await signInAs('clinician');
    expect(location).toBe('/login?sso=1');
    await testApp.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, clinician.id));
    const refused = failure(await complete(browserKey), 403, 'FORBIDDEN');
    expect(refused._error).toBe(SSO_REFUSAL_MESSAGES.account_suspended);
  });

  it('activates an invited staff member who signs in with the invited email', async () => {
    const invited = await createUser(testApp.db, {
      email: 'invited.sso@clinic.test',
      status: 'PENDING_ACTIVATION',
      password: null,
    });
    const { browserKey } = await signInAs('invited');
    const completion = successData(await complete(browserKey), ssoCompletionSchema);
    expect(loginResponseSchema.parse(completion.result).user.id).toBe(invited.id);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, invited.id));
    expect(row?.status).toBe('ACTIVATED');
  });

  it('refuses a completion without its cookie, with a sentence', async () => {
    const refused = failure(await complete(null), 401, 'UNAUTHENTICATED');
    expect(refused._error).toBe(SSO_REFUSAL_MESSAGES.expired);
    const forged = failure(
      await complete(randomBytes(32).toString('base64url')),
      401,
      'UNAUTHENTICATED',
    );
    expect(forged._error).toBe(SSO_REFUSAL_MESSAGES.expired);
  });

  it('answers hostile callback queries with a refusal, never a server error', async () => {
    const { browserKey } = await start();
    for (const query of [
      `?state=${'x'.repeat(3000)}`,
      '?state=a&state=b',
      `?code=%00%27;drop table users;--&state=${encodeURIComponent('<script>')}`,
      `?error=access_denied&state=x`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${API_PATHS.sso.callback}${query}`,
        headers: { cookie: `rp_sso=${browserKey}` },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(300);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('OIDC_AUTO_PROVISION=clinician', () => {
  it('creates a clinician for a verified, unknown email, and audits it', async () => {
    const provisioning = await buildTestApp({
      ...oidcEnv(provider.issuer),
      OIDC_AUTO_PROVISION: 'clinician',
      OIDC_ALLOWED_DOMAINS: 'hospital.example, Clinic.test',
    });
    try {
      const { browserKey, location } = await signInAs('stranger', provisioning);
      expect(location).toBe('/login?sso=1');
      const completion = successData(await complete(browserKey, provisioning), ssoCompletionSchema);
      const session = loginResponseSchema.parse(completion.result);
      expect(session.user).toMatchObject({
        role: 'CLINICIAN',
        first_name: 'Nadia',
        last_name: 'Newcomer',
      });
      const [created] = await provisioning.db.select().from(users);
      expect(created).toMatchObject({
        email: 'new.person@clinic.test',
        status: 'ACTIVATED',
        passwordHash: null,
        provisionedBySso: true,
      });
      expect(await provisioning.db.select().from(ssoIdentities)).toEqual([
        expect.objectContaining({
          userId: created?.id,
          issuer: provider.issuer,
          subject: 'stranger',
        }),
      ]);
      // "Forgot password?" gives the account no portal password: the same answer, no mail.
      const reset = await postJson(provisioning.app, API_PATHS.account.sendCode, {
        user_name: 'new.person@clinic.test',
      });
      expect(successData(reset, messageSchema).message).toBe(MESSAGES.account.codeSent);
      expect(provisioning.sentMail).toEqual([]);
      const actions = await provisioning.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, created?.id ?? -1));
      expect(actions.map((row) => row.action)).toEqual([
        AUDIT_ACTIONS.ssoProvisioned,
        AUDIT_ACTIONS.login,
      ]);
      // Still no account for an unverified email.
      const unverified = await signInAs('unverified', provisioning);
      expect(unverified.location).toBe('/login?sso_error=email_unverified');
    } finally {
      await provisioning.close();
    }
  });

  it('creates no account for an email outside OIDC_ALLOWED_DOMAINS', async () => {
    const provisioning = await buildTestApp({
      ...oidcEnv(provider.issuer),
      OIDC_AUTO_PROVISION: 'clinician',
      OIDC_ALLOWED_DOMAINS: 'hospital.example,sub.clinic.test',
    });
    try {
      const outcome = await signInAs('stranger', provisioning);
      expect(outcome.location).toBe('/login?sso_error=unknown_account');
      const [row] = await provisioning.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.requestId, outcome.requestId));
      expect(row?.details).toMatchObject({
        reason: 'unknown_account',
        detail: 'email domain not in OIDC_ALLOWED_DOMAINS',
      });
      expect(await provisioning.db.select().from(users)).toEqual([]);
    } finally {
      await provisioning.close();
    }
  });

  it("creates no account for a provider identity bound to another account's email", async () => {
    const provisioning = await buildTestApp({
      ...oidcEnv(provider.issuer),
      OIDC_AUTO_PROVISION: 'clinician',
      OIDC_ALLOWED_DOMAINS: 'clinic.test',
    });
    try {
      const earlier = await createUser(provisioning.db, { email: 'old.address@clinic.test' });
      await provisioning.db
        .insert(ssoIdentities)
        .values({ userId: earlier.id, issuer: provider.issuer, subject: 'stranger' });
      const outcome = await signInAs('stranger', provisioning);
      expect(outcome.location).toBe('/login?sso_error=identity_mismatch');
      expect(await provisioning.db.select({ id: users.id }).from(users)).toEqual([
        { id: earlier.id },
      ]);
    } finally {
      await provisioning.close();
    }
  });
});

describe('the provider identity an account is bound to', () => {
  it('is bound at the first sign-in; a later different sub with the same email is refused', async () => {
    const clinician = await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    expect((await signInAs('clinician')).location).toBe('/login?sso=1');
    expect(await testApp.db.select().from(ssoIdentities)).toEqual([
      expect.objectContaining({
        userId: clinician.id,
        issuer: provider.issuer,
        subject: 'clinician',
      }),
    ]);
    await expectRefused(await signInAs('impostor'), 'identity_mismatch', 'cleo.sso@clinic.test');
    // The bound person still signs in.
    const again = await signInAs('clinician');
    expect(again.location).toBe('/login?sso=1');
    successData(await complete(again.browserKey), ssoCompletionSchema);
  });

  it("refuses an identity bound to another account, even with this account's email", async () => {
    const other = await createUser(testApp.db, { email: 'other.sso@clinic.test' });
    await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    await testApp.db
      .insert(ssoIdentities)
      .values({ userId: other.id, issuer: provider.issuer, subject: 'clinician' });
    await expectRefused(await signInAs('clinician'), 'identity_mismatch', 'cleo.sso@clinic.test');
  });

  it('binds anew when the portal is moved to another issuer', async () => {
    const clinician = await createUser(testApp.db, { email: 'cleo.sso@clinic.test' });
    await testApp.db
      .insert(ssoIdentities)
      .values({ userId: clinician.id, issuer: 'https://old-idp.example', subject: 'someone' });
    expect((await signInAs('clinician')).location).toBe('/login?sso=1');
    expect(await testApp.db.select().from(ssoIdentities)).toHaveLength(2);
  });
});

describe("the ID token's word", () => {
  it('refuses an ID token issued more than a minute ahead of the clock', async () => {
    await createUser(testApp.db, { email: 'early.sso@clinic.test' });
    const outcome = await signInAs('early');
    await expectRefused(outcome, 'invalid_response');
    const [row] = await auditOf(outcome.requestId);
    expect(row?.details).toMatchObject({ detail: 'ID token issued in the future (iat)' });
  });

  it("accepts a provider clock a few seconds ahead of the portal's", async () => {
    await createUser(testApp.db, { email: 'skewed.sso@clinic.test' });
    expect((await signInAs('skewed')).location).toBe('/login?sso=1');
  });

  it("never lets UserInfo override the ID token's email_verified", async () => {
    await createUser(testApp.db, { email: 'downgraded.sso@clinic.test' });
    await expectRefused(
      await signInAs('downgraded'),
      'email_unverified',
      'downgraded.sso@clinic.test',
    );
  });
});

describe('an unreachable provider', () => {
  it('leaves the portal and password sign-in working, and sends the browser back with a sentence', async () => {
    const unreachable = await buildTestApp(oidcEnv('http://127.0.0.1:9'));
    try {
      const options = await unreachable.app.inject({ method: 'GET', url: API_PATHS.sso.options });
      expect(successData(options, signInOptionsSchema).sso_name).toBe('Clinic Login');
      const started = await unreachable.app.inject({ method: 'GET', url: API_PATHS.sso.start });
      expect(started.statusCode).toBe(303);
      expect(started.headers.location).toBe('/login?sso_error=provider_unavailable');
      const staff = await createUser(unreachable.db);
      const login = await postJson(unreachable.app, API_PATHS.account.login, {
        user_name: staff.email,
        password: staff.password,
      });
      successData(login, loginResponseSchema);
    } finally {
      await unreachable.close();
    }
  });
});
