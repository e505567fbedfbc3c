import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FHIR_CLIENT_MESSAGES,
  fhirClientListSchema,
  fhirClientMutationSchema,
} from '@recovery-portal/contract/fhir-clients';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { PARTICIPANT_APP_MESSAGES } from '@recovery-portal/contract/participant-app';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { smartAuthorizations } from '#app/db/schema/smart-app';
import { escapeHtml } from '#app/mail/escape-html';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff, createUser, FACTORY_PASSWORD } from '#app/test/factories';
import {
  authorizeQuery,
  openAuthorize,
  pkce,
  postAuthorize,
  redirectParams,
  registerApp,
  REDIRECT_URI,
} from './app-launch.fixtures';

const testApp = useTestApp();

beforeEach(async () => {
  await testApp.reset();
});

const shows = (body: string, sentence: string) => expect(body).toContain(escapeHtml(sentence));

describe('registering a participant app (public client)', () => {
  it('an administrator registers an app with redirect URIs and no key; it is active at once with the default patient scopes', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const response = await postJson(
      testApp.app,
      API_PATHS.fhirClients.list,
      { name: 'Recovery app', redirect_uris: ['https://app.example/cb', 'com.example.app:/cb'] },
      { headers: authHeaders(admin.access_token) },
    );
    const { message, client } = successData(response, fhirClientMutationSchema);
    expect(message).toBe(FHIR_CLIENT_MESSAGES.registeredApp);
    // What an app team reads from the answer, as docs/participant-app.md shows it.
    expect(response.json()._data.client_id).toBe(client.client_id);
    expect(client).toMatchObject({
      kind: 'public',
      name: 'Recovery app',
      key_type: '',
      redirect_uris: ['https://app.example/cb', 'com.example.app:/cb'],
      scopes: ['patient/*.cruds', 'launch/patient', 'offline_access', 'openid', 'fhirUser'],
      status: 'active',
      reaches_patient_data: true,
    });
    const list = successData(
      await testApp.app.inject({
        method: 'GET',
        url: API_PATHS.fhirClients.list,
        headers: authHeaders(admin.access_token),
      }),
      fhirClientListSchema,
    );
    expect(list.clients.map((c) => c.client_id)).toEqual([client.client_id]);
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.client.register'), eq(auditLog.actorId, admin.user.id)));
    expect(row?.details).toMatchObject({ client_id: client.client_id, kind: 'public' });
  });

  it('takes patient and context scopes of its own, v1 and v2 spellings', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const response = await postJson(
      testApp.app,
      API_PATHS.fhirClients.list,
      {
        name: 'Steps',
        redirect_uris: ['http://127.0.0.1:8123/cb', 'http://localhost/cb'],
        scopes: ['patient/Observation.cr', 'patient/Patient.read', 'launch/patient'],
      },
      { headers: authHeaders(admin.access_token) },
    );
    expect(successData(response, fhirClientMutationSchema).client.scopes).toEqual([
      'patient/Observation.cr',
      'patient/Patient.read',
      'launch/patient',
    ]);
  });

  it('refuses unsafe or malformed redirect URIs, bad scopes, a key beside redirect URIs, and other roles', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const register = (body: Record<string, unknown>, token = admin.access_token) =>
      postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        { name: 'App', ...body },
        { headers: authHeaders(token) },
      );
    for (const uri of [
      'http://app.example/cb',
      'https://app.example/cb#frag',
      'https://user:pw@app.example/cb',
      'javascript:alert(1)',
      'myapp:/cb',
      'data:text/html,hi',
      'file:///etc/passwd',
      '/relative',
      'https://app.example/c b',
      `https://app.example/${'a'.repeat(600)}`,
      '',
    ]) {
      const envelope = failure(await register({ redirect_uris: [uri] }), 400, 'VALIDATION_ERROR');
      expect(envelope._error, uri).toContain(FHIR_CLIENT_MESSAGES.redirectUriInvalid);
    }
    for (const body of [
      { redirect_uris: [] },
      { redirect_uris: 'https://app.example/cb' },
      { redirect_uris: [42] },
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example/${i}`) },
      { redirect_uris: [REDIRECT_URI], scopes: ['system/*.read'] },
      { redirect_uris: [REDIRECT_URI], scopes: ['patient/Observation.rc'] },
      { redirect_uris: [REDIRECT_URI], scopes: ['user/*.cruds'] },
      { redirect_uris: [REDIRECT_URI], scopes: [] },
      { redirect_uris: [REDIRECT_URI], public_key_jwk: '{"kty":"EC"}' },
    ]) {
      failure(await register(body), 400, 'VALIDATION_ERROR');
    }
    const clinician = await loginAs(testApp, 'CLINICIAN');
    failure(
      await register({ redirect_uris: [REDIRECT_URI] }, clinician.access_token),
      403,
      'FORBIDDEN',
    );
  });
});

describe('SMART configuration', () => {
  it('advertises the authorization endpoint, PKCE S256, the grants, patient scopes and capabilities', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${FHIR_BASE_PATH}/.well-known/smart-configuration`,
    });
    expect(response.statusCode).toBe(200);
    const config = response.json<Record<string, unknown>>();
    expect(config).toMatchObject({
      authorization_endpoint: 'http://portal.test/fhir/R4/auth/authorize',
      token_endpoint: 'http://portal.test/fhir/R4/auth/token',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
    expect(config.scopes_supported).toEqual(
      expect.arrayContaining([
        'patient/*.cruds',
        'patient/Observation.cruds',
        'launch/patient',
        'offline_access',
      ]),
    );
    expect(config.capabilities).toEqual(
      expect.arrayContaining([
        'launch-standalone',
        'client-public',
        'context-standalone-patient',
        'permission-patient',
        'permission-offline',
        'permission-v2',
        'client-confidential-asymmetric',
      ]),
    );
  });
});

describe('the authorization endpoint', () => {
  it('shows a phone-sized sign-in page naming the app, with Email, Password and Sign in, and a browser-bound cookie', async () => {
    const clientId = await registerApp(testApp);
    const { response, session } = await openAuthorize(
      testApp,
      authorizeQuery(clientId, pkce().challenge),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<meta name="viewport" content="width=device-width');
    expect(response.body).toMatch(/<label for="field-email">Email<\/label\s*>/);
    expect(response.body).toMatch(/<label for="field-password">Password<\/label\s*>/);
    expect(response.body).toContain('>Sign in</button>');
    expect(response.body).toContain('href="/app/forgot-password">Forgot password?</a>');
    shows(response.body, PARTICIPANT_APP_MESSAGES.signInIntro('Recovery app'));
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const cookie = response.cookies.find((c) => c.name === 'rp_smart_authorize');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/fhir/R4/auth' });
    expect(session).not.toBeNull();
  });

  it('never redirects for an unknown or revoked client or a redirect URI not registered exactly, and says what is wrong', async () => {
    const clientId = await registerApp(testApp);
    const { challenge } = pkce();
    const cases = [
      [authorizeQuery('4f1c1c7e-0000-4000-8000-000000000000', challenge), 'unknownClient'],
      [authorizeQuery('not-a-uuid', challenge), 'unknownClient'],
      [authorizeQuery(clientId, challenge, { client_id: undefined }), 'unknownClient'],
      [
        authorizeQuery(clientId, challenge, { redirect_uri: 'https://evil.example/cb' }),
        'unregisteredRedirect',
      ],
      [
        authorizeQuery(clientId, challenge, { redirect_uri: `${REDIRECT_URI}/` }),
        'unregisteredRedirect',
      ],
      [
        authorizeQuery(clientId, challenge, { redirect_uri: `${REDIRECT_URI}?x=1` }),
        'unregisteredRedirect',
      ],
      [authorizeQuery(clientId, challenge, { redirect_uri: undefined }), 'unregisteredRedirect'],
    ] as const;
    for (const [query, message] of cases) {
      const { response } = await openAuthorize(testApp, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers.location, query).toBeUndefined();
      shows(response.body, PARTICIPANT_APP_MESSAGES[message]);
    }
    // A system client is no participant app.
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(clientId),
      headers: authHeaders(admin.access_token),
    });
    const { response } = await openAuthorize(testApp, authorizeQuery(clientId, challenge));
    expect(response.statusCode).toBe(400);
    shows(response.body, PARTICIPANT_APP_MESSAGES.unknownClient);
  });

  it('sends the app an OAuth error, with its state, for a request it can be told about', async () => {
    const clientId = await registerApp(testApp);
    const { challenge } = pkce();
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ code_challenge: undefined }, 'invalid_request', /PKCE/],
      [{ code_challenge_method: 'plain' }, 'invalid_request', /PKCE/],
      [{ code_challenge_method: undefined }, 'invalid_request', /PKCE/],
      [{ code_challenge: 'short' }, 'invalid_request', /PKCE/],
      [{ response_type: 'token' }, 'unsupported_response_type', /code/],
      [{ aud: 'https://other.example/fhir' }, 'invalid_request', /aud/],
      [{ scope: 'openid fhirUser offline_access' }, 'invalid_scope', /patient scopes/],
      [{ scope: 'system/*.read user/*.cruds' }, 'invalid_scope', /patient scopes/],
    ];
    for (const [overrides, error, description] of cases) {
      const { response } = await openAuthorize(
        testApp,
        authorizeQuery(clientId, challenge, overrides),
      );
      const params = redirectParams(response);
      expect(new URL(response.headers.location as string).origin).toBe('https://app.example');
      expect(params.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(params.get('error_description')).toMatch(description);
      expect(params.get('state')).toBe('state-123');
    }
    const repeated = await openAuthorize(
      testApp,
      `${authorizeQuery(clientId, challenge)}&scope=patient/*.cruds`,
    );
    expect(redirectParams(repeated.response).get('error')).toBe('invalid_request');
    const noState = await openAuthorize(
      testApp,
      authorizeQuery(clientId, challenge, { state: undefined }),
    );
    expect(redirectParams(noState.response).get('error')).toBe('invalid_request');
  });

  it('refuses a wrong password, an unknown email, staff and a suspended participant with one generic message', async () => {
    const clientId = await registerApp(testApp);
    const participant = await createParticipant(testApp.db);
    const suspended = await createParticipant(testApp.db, { status: 'SUSPENDED' });
    const invited = await createUser(testApp.db, {
      role: 'PARTICIPANT',
      status: 'PENDING_ACTIVATION',
    });
    const staff = await createStaff(testApp.db);
    const attempts = [
      { email: participant.email, password: 'Wrong-password-99' },
      { email: 'nobody@example.org', password: FACTORY_PASSWORD },
      { email: staff.email, password: FACTORY_PASSWORD },
      { email: suspended.email, password: FACTORY_PASSWORD },
      { email: invited.email, password: FACTORY_PASSWORD },
    ];
    for (const [index, attempt] of attempts.entries()) {
      const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
      if (!session) throw new Error('no session');
      const response = await postAuthorize(
        testApp,
        session,
        { action: 'sign-in', ...attempt },
        `198.51.100.${index + 10}`,
      );
      expect(response.statusCode, attempt.email).toBe(401);
      shows(response.body, PARTICIPANT_APP_MESSAGES.signInRefused);
      expect(response.body).not.toContain('Allow');
    }
    // The audit trail files a participant's refusal under 'participant', a staff member's under 'user'.
    const refusals = await testApp.db
      .select({ email: auditLog.actorEmail, subjectType: auditLog.subjectType })
      .from(auditLog)
      .where(eq(auditLog.action, 'account.login.failed'));
    expect(refusals).toEqual(
      expect.arrayContaining([
        { email: participant.email, subjectType: 'participant' },
        { email: staff.email, subjectType: 'user' },
        { email: 'nobody@example.org', subjectType: null },
      ]),
    );
    const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
    if (!session) throw new Error('no session');
    const empty = await postAuthorize(testApp, session, { action: 'sign-in', email: '' });
    expect(empty.statusCode).toBe(400);
    shows(empty.body, PARTICIPANT_APP_MESSAGES.fieldsRequired);
  });

  it('throttles repeated wrong passwords with 429 and Retry-After, as staff sign-in does', async () => {
    const clientId = await registerApp(testApp);
    const participant = await createParticipant(testApp.db);
    const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
    if (!session) throw new Error('no session');
    const wrong = { action: 'sign-in', email: participant.email, password: 'Wrong-password-99' };
    for (let i = 0; i < testApp.config.loginThrottle.maxFailuresPerAccount; i += 1) {
      expect((await postAuthorize(testApp, session, wrong)).statusCode).toBe(401);
    }
    const throttled = await postAuthorize(testApp, session, {
      ...wrong,
      password: FACTORY_PASSWORD,
    });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body).toMatch(/Too many sign-in attempts/);
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'account.login.throttled'),
          eq(auditLog.actorEmail, participant.email),
        ),
      );
    expect(row?.details).toMatchObject({ via: 'participant app', client_id: clientId });
  });

  it('after sign-in shows the consent page in plain words; Allow returns a code and the same state', async () => {
    const clientId = await registerApp(testApp);
    const participant = await createParticipant(testApp.db);
    const { session } = await openAuthorize(
      testApp,
      authorizeQuery(clientId, pkce().challenge, {
        scope: 'launch/patient patient/Observation.cr patient/Patient.read offline_access',
      }),
    );
    if (!session) throw new Error('no session');
    const consent = await postAuthorize(testApp, session, {
      action: 'sign-in',
      email: participant.email.toUpperCase(),
      password: FACTORY_PASSWORD,
    });
    expect(consent.statusCode).toBe(200);
    shows(consent.body, PARTICIPANT_APP_MESSAGES.consentIntro('Recovery app'));
    shows(
      consent.body,
      'See your measurements (activity, sleep, weight, blood pressure, lab results); and your profile (name, date of birth, contact details)',
    );
    shows(
      consent.body,
      'Add your measurements (activity, sleep, weight, blood pressure, lab results)',
    );
    // Create-only scopes never read as a right to change what is stored.
    expect(consent.body).not.toMatch(/Change/);
    shows(consent.body, PARTICIPANT_APP_MESSAGES.keepSignedIn);
    expect(consent.body).not.toMatch(/Delete/);
    expect(consent.body).toMatch(/value="allow">Allow<\/button>/);
    expect(consent.body).toMatch(/value="deny">Deny<\/button>/);
    // The consent form's answer redirects to the app: the page's CSP lets it go there only.
    expect(consent.headers['content-security-policy']).toContain(
      "form-action 'self' https://app.example",
    );

    const allowed = await postAuthorize(testApp, session, { action: 'allow' });
    const params = redirectParams(allowed);
    expect(allowed.headers.location).toMatch(/^https:\/\/app\.example\/cb\?code=/);
    expect(params.get('code')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBe('state-123');
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fhir.app.consent'), eq(auditLog.actorId, participant.id)));
    expect(row?.details).toMatchObject({ decision: 'allow', client_id: clientId });

    // Answered once: the same form again is refused, never redirected.
    const again = await postAuthorize(testApp, session, { action: 'allow' });
    expect(again.statusCode).toBe(400);
    shows(again.body, PARTICIPANT_APP_MESSAGES.requestExpired);
  });

  it('Deny returns access_denied with the state and no code', async () => {
    const clientId = await registerApp(testApp);
    const participant = await createParticipant(testApp.db);
    const { session } = await openAuthorize(
      testApp,
      authorizeQuery(clientId, pkce().challenge, { redirect_uri: 'com.example.app:/cb' }),
    );
    if (!session) throw new Error('no session');
    const consent = await postAuthorize(testApp, session, {
      action: 'sign-in',
      email: participant.email,
      password: FACTORY_PASSWORD,
    });
    expect(consent.headers['content-security-policy']).toContain(
      "form-action 'self' com.example.app:",
    );
    const denied = await postAuthorize(testApp, session, { action: 'deny' });
    expect(denied.headers.location).toBe('com.example.app:/cb?error=access_denied&state=state-123');
    expect(await testApp.db.select().from(smartAuthorizations)).toEqual([]);
  });

  it('answers only the browser that started it, only after sign-in, and not after it expired', async () => {
    const clientId = await registerApp(testApp);
    const participant = await createParticipant(testApp.db);
    const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
    if (!session) throw new Error('no session');
    const signIn = { action: 'sign-in', email: participant.email, password: FACTORY_PASSWORD };
    for (const other of [
      { ...session, cookie: 'rp_smart_authorize=someone-elses-browser' },
      { ...session, cookie: '' },
      { ...session, requestId: 'not-a-uuid' },
    ]) {
      const response = await postAuthorize(testApp, other, signIn);
      expect(response.statusCode).toBe(400);
      shows(response.body, PARTICIPANT_APP_MESSAGES.requestExpired);
    }
    // Allow before anyone signed in is refused.
    const early = await postAuthorize(testApp, session, { action: 'allow' });
    expect(early.statusCode).toBe(400);
    expect(early.headers.location).toBeUndefined();

    await testApp.db
      .update(smartAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smartAuthorizations.id, session.requestId));
    const late = await postAuthorize(testApp, session, signIn);
    expect(late.statusCode).toBe(400);
    shows(late.body, PARTICIPANT_APP_MESSAGES.requestExpired);
  });

  it('escapes what an app or a participant typed, and takes odd bodies without a 500', async () => {
    const clientId = await registerApp(testApp, { name: '<img src=x onerror=alert(1)>' });
    const { response, session } = await openAuthorize(
      testApp,
      authorizeQuery(clientId, pkce().challenge),
    );
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    if (!session) throw new Error('no session');
    const typed = await postAuthorize(testApp, session, {
      action: 'sign-in',
      email: '"><script>alert(1)</script>',
      password: 'x'.repeat(10_000),
    });
    expect(typed.statusCode).toBe(401);
    expect(typed.body).not.toContain('<script>alert(1)');
    const json = await testApp.app.inject({
      method: 'POST',
      url: `${FHIR_BASE_PATH}/auth/authorize`,
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      payload: { request: [session.requestId], action: { x: 1 } },
    });
    expect(json.statusCode).toBe(400);
  });
});
