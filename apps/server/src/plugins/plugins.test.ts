import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSRF_COOKIE } from '@recovery-portal/contract/constants';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_DOCS_JSON_PATH, apiDocsSchema } from '@recovery-portal/contract/api-docs';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { users } from '#app/db/schema/users';
import { ok } from '#app/lib/envelope';
import { pendingSessionOf } from '#app/plugins/auth';
import {
  authHeaders,
  buildTestApp,
  csrfHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  TEST_JWT_SECRET,
  type TestApp,
} from '#app/test/build-test-app';

const BODY_LIMIT = 2048;
const ROUTES = {
  clinicianOnly: '/api/test/clinician-only',
  adminOnly: '/api/test/admin-only',
  anyStaff: '/api/test/any-staff',
  echo: '/api/test/echo',
  crash: '/api/test/crash',
  checksItsSession: '/api/test/checks-its-session',
  forgetsItsSession: '/api/test/forgets-its-session',
} as const;

const whoAmISchema = z.object({ id: z.number(), role: z.string() });

/** Throw-away routes, added before the app is ready, to exercise the guards. */
function addTestRoutes(testApp: TestApp['app']) {
  const whoAmI = (request: { staff: { id: number; role: string } | null }) =>
    ok({ id: request.staff?.id ?? -1, role: request.staff?.role ?? 'none' });
  testApp.get(ROUTES.clinicianOnly, { config: { access: ['CLINICIAN'] } }, async (request) =>
    whoAmI(request),
  );
  testApp.get(ROUTES.adminOnly, { config: { access: ['ADMINISTRATOR'] } }, async (request) =>
    whoAmI(request),
  );
  // No access declaration: must default to "any signed-in staff member", never to public.
  testApp.get(ROUTES.anyStaff, async (request) => whoAmI(request));
  testApp.post(ROUTES.echo, { config: { access: 'public' } }, async (request) =>
    ok({ received: request.body }),
  );
  // Routes that check the session themselves (config.sessionInStatement): one with a statement
  // of its own, and one that forgets to.
  const checksItself = { config: { access: ['CLINICIAN'], sessionInStatement: true } } as const;
  testApp.get(ROUTES.checksItsSession, checksItself, async (request) => {
    await pendingSessionOf(request).check();
    return whoAmI(request);
  });
  testApp.get(ROUTES.forgetsItsSession, checksItself, async () => ok({ secret: 'Annabel' }));
  testApp.get(ROUTES.crash, { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail: connection string postgres://admin:pw@db');
  });
}

function signedToken(claims: {
  sub: string;
  role: string;
  expiresAt: number;
  /** The session id claim; left out, the token is an old-style one without a session. */
  sid?: string;
  secret?: string;
  issuer?: string;
  audience?: string;
}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: claims.role, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(claims.issuer ?? 'recovery-portal')
    .setAudience(claims.audience ?? 'recovery-portal-staff')
    .setIssuedAt(now - 60)
    .setExpirationTime(claims.expiresAt)
    .sign(new TextEncoder().encode(claims.secret ?? TEST_JWT_SECRET));
}

/** The session id (`sid` claim) of a token the server issued. */
function sessionIdOf(token: string): string {
  const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
  return z.object({ sid: z.string() }).parse(JSON.parse(payload)).sid;
}

/** Changes one character in the middle of a JWT part, keeping it valid base64url. */
function flipCharacter(token: string, part: 1 | 2): string {
  const parts = token.split('.');
  const target = parts[part] ?? '';
  const index = Math.floor(target.length / 2);
  const replacement = target[index] === 'A' ? 'B' : 'A';
  parts[part] = target.slice(0, index) + replacement + target.slice(index + 1);
  return parts.join('.');
}

function base64UrlJson(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp(
    { BODY_LIMIT_BYTES: String(BODY_LIMIT) },
    { beforeReady: addTestRoutes },
  );
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

describe('error envelope', () => {
  it('an unknown API address answers 404 in the envelope, for GET and POST alike', async () => {
    const get = await testApp.app.inject({ method: 'GET', url: '/api/whatever' });
    expect(failure(get, 404, 'NOT_FOUND')._error).toBe(MESSAGES.http.notFound);
    const post = await postJson(testApp.app, '/api/whatever/deeper', { a: 1 });
    failure(post, 404, 'NOT_FOUND');
  });

  it('without a built portal, a page address also answers the 404 envelope rather than HTML', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/participants' });
    failure(response, 404, 'NOT_FOUND');
  });

  it('malformed JSON is a 400 with a sentence, not a 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { ...csrfHeaders(), 'content-type': 'application/json' },
      payload: '{"user_name": "a@b.co", "password": ',
    });
    expect(failure(response, 400, 'VALIDATION_ERROR')._error).toBe(MESSAGES.http.malformedJson);
  });

  it('an empty body declared as JSON is a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { ...csrfHeaders(), 'content-type': 'application/json' },
      payload: '',
    });
    failure(response, 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['application/xml', '<login><user_name>a@b.co</user_name></login>'],
    ['application/x-www-form-urlencoded', 'user_name=a%40b.co&password=whatever1'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ])('a body sent as %s is refused with 415', async (contentType, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { ...csrfHeaders(), 'content-type': contentType },
      payload,
    });
    expect(failure(response, 415, 'UNSUPPORTED_MEDIA_TYPE')._error).toBe(
      MESSAGES.http.unsupportedMediaType,
    );
  });

  it('a text/plain body never reaches a route as a string', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: ROUTES.echo,
      headers: { ...csrfHeaders(), 'content-type': 'text/plain' },
      payload: '{"user_name":"a@b.co"}',
    });
    failure(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over BODY_LIMIT_BYTES is refused with 413', async () => {
    const response = await postJson(testApp.app, API_PATHS.account.login, {
      user_name: 'a@b.co',
      password: 'x'.repeat(BODY_LIMIT + 10),
    });
    expect(failure(response, 413, 'PAYLOAD_TOO_LARGE')._error).toBe(MESSAGES.http.payloadTooLarge);
  });

  it('a body just under the limit is accepted', async () => {
    const response = await postJson(testApp.app, ROUTES.echo, {
      text: 'x'.repeat(BODY_LIMIT - 100),
    });
    expect(successData(response, z.object({ received: z.object({ text: z.string() }) }))).toEqual({
      received: { text: 'x'.repeat(BODY_LIMIT - 100) },
    });
  });

  it('an unexpected server failure answers a 500 envelope that hides the details', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: ROUTES.crash });
    expect(failure(response, 500, 'INTERNAL_ERROR')._error).toBe(MESSAGES.http.internal);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('postgres://');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  });
});

describe('CSRF double submit', () => {
  const loginBody = { user_name: 'nobody@clinic.test', password: 'whatever-password' };

  it('a POST without the X-XSRF-TOKEN header is refused with 403 CSRF_REJECTED', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { cookie: `${CSRF_COOKIE}=t` },
      payload: loginBody,
    });
    expect(failure(response, 403, 'CSRF_REJECTED')._error).toBe(MESSAGES.auth.csrfRejected);
  });

  it('a header different from the cookie is refused', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { cookie: `${CSRF_COOKIE}=token-a`, 'x-xsrf-token': 'token-b' },
      payload: loginBody,
    });
    failure(response, 403, 'CSRF_REJECTED');
  });

  it('a header without any cookie is refused', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.account.login,
      headers: { 'x-xsrf-token': 't' },
      payload: loginBody,
    });
    failure(response, 403, 'CSRF_REJECTED');
  });

  it('a matching header and cookie get through to the route', async () => {
    const response = await postJson(testApp.app, API_PATHS.account.login, loginBody);
    failure(response, 401, 'UNAUTHENTICATED');
  });

  it('a first GET receives a script-readable XSRF-TOKEN cookie with SameSite=Strict', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.health });
    const setCookie = response.headers['set-cookie'];
    const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
    expect(header).toMatch(new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{16,};`));
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).not.toMatch(/HttpOnly/i);
    expect(header).toMatch(/Path=\//);
  });

  it('a client that already has the cookie is not given a new one', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { cookie: `${CSRF_COOKIE}=existing` },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('every response carries a strict Content-Security-Policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.health });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('error responses carry the headers too', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('every response has its own x-request-id, and a client cannot choose it', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: API_PATHS.health });
    const second = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(String(first.headers['x-request-id'])).toMatch(uuid);
    expect(String(second.headers['x-request-id'])).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('API docs', () => {
  it('the OpenAPI document lists the account calls for signed-in staff', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(200);
    const document = z
      .object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
      .parse(response.json());
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([API_PATHS.account.login, API_PATHS.account.token, API_PATHS.health]),
    );
  });

  it("is the shape the portal's API docs page reads, for administrators too", async () => {
    const administrator = await loginAs(testApp, 'ADMINISTRATOR');
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_DOCS_JSON_PATH,
      headers: authHeaders(administrator.access_token),
    });
    expect(response.statusCode).toBe(200);
    const document = apiDocsSchema.parse(response.json());
    expect(document.paths[API_PATHS.account.login]?.post?.summary).toBeTruthy();
  });
});

describe('auth guard', () => {
  it('a clinician with a valid access token reaches a clinician route as themselves', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(clinician.access_token),
    });
    expect(successData(response, whoAmISchema)).toEqual({
      id: clinician.user.id,
      role: 'CLINICIAN',
    });
  });

  it('a call without a bearer token is refused with 401', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: ROUTES.clinicianOnly });
    expect(failure(response, 401, 'UNAUTHENTICATED')._error).toBe(MESSAGES.auth.unauthenticated);
  });

  it('a route without an access declaration still requires a login', async () => {
    failure(
      await testApp.app.inject({ method: 'GET', url: ROUTES.anyStaff }),
      401,
      'UNAUTHENTICATED',
    );
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.anyStaff,
      headers: authHeaders(admin.access_token),
    });
    expect(successData(response, whoAmISchema).role).toBe('ADMINISTRATOR');
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['an empty-looking bearer', '...'],
    ['a refresh-token-shaped string', 'Zm9vYmFyYmF6cXV4cXV1eA'],
  ])('%s as the bearer token is refused with 401', async (_label, token) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(token),
    });
    failure(response, 401, 'UNAUTHENTICATED');
  });

  it('a token whose signature was altered is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const tampered = flipCharacter(clinician.access_token, 2);
    expect(tampered).not.toBe(clinician.access_token);
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(tampered),
    });
    expect(failure(response, 401, 'UNAUTHENTICATED')._error).toBe(MESSAGES.auth.tokenInvalid);
  });

  it('a clinician who rewrites the role in their token to ADMINISTRATOR is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const [header, payload, signature] = clinician.access_token.split('.');
    const claims = z
      .record(z.string(), z.unknown())
      .parse(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')));
    const forged = [header, base64UrlJson({ ...claims, role: 'ADMINISTRATOR' }), signature].join(
      '.',
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.adminOnly,
      headers: authHeaders(forged),
    });
    failure(response, 401, 'UNAUTHENTICATED');
  });

  it('an unsigned token (alg none) is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const unsigned = [
      base64UrlJson({ alg: 'none', typ: 'JWT' }),
      base64UrlJson({
        sub: String(clinician.user.id),
        role: 'ADMINISTRATOR',
        iss: 'recovery-portal',
        aud: 'recovery-portal-staff',
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
      '',
    ].join('.');
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.adminOnly,
      headers: authHeaders(unsigned),
    });
    failure(response, 401, 'UNAUTHENTICATED');
  });

  it('an expired token is refused with 401, while the same token unexpired is accepted', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const now = Math.floor(Date.now() / 1000);
    const sub = String(clinician.user.id);
    const sid = sessionIdOf(clinician.access_token);
    const fresh = await signedToken({ sub, sid, role: 'CLINICIAN', expiresAt: now + 600 });
    const expired = await signedToken({ sub, sid, role: 'CLINICIAN', expiresAt: now - 5 });
    const call = (token: string) =>
      testApp.app.inject({ method: 'GET', url: ROUTES.clinicianOnly, headers: authHeaders(token) });
    expect(successData(await call(fresh), whoAmISchema).id).toBe(clinician.user.id);
    failure(await call(expired), 401, 'UNAUTHENTICATED');
  });

  it('a correctly signed token without a session id (old style) is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(clinician.user.id), role: 'CLINICIAN', expiresAt: now + 600 };
    const call = (token: string) =>
      testApp.app.inject({ method: 'GET', url: ROUTES.clinicianOnly, headers: authHeaders(token) });
    const withSession = await signedToken({ ...claims, sid: sessionIdOf(clinician.access_token) });
    expect(successData(await call(withSession), whoAmISchema).id).toBe(clinician.user.id);

    const withoutSession = await signedToken(claims);
    const refused = failure(await call(withoutSession), 401, 'UNAUTHENTICATED');
    expect(refused._error).toBe(MESSAGES.auth.tokenInvalid);
    const notAUuid = await signedToken({ ...claims, sid: 'session-1' });
    failure(await call(notAUuid), 401, 'UNAUTHENTICATED');
  });

  it('a token signed with another secret, issuer or audience is refused with 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const base = {
      sub: String(clinician.user.id),
      role: 'CLINICIAN',
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    };
    const tokens = await Promise.all([
      signedToken({ ...base, secret: 'another-secret-that-is-also-long-enough-0123' }),
      signedToken({ ...base, issuer: 'someone-else' }),
      signedToken({ ...base, audience: 'recovery-portal-participants' }),
    ]);
    for (const token of tokens) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: ROUTES.clinicianOnly,
        headers: authHeaders(token),
      });
      failure(response, 401, 'UNAUTHENTICATED');
    }
  });

  it('a clinician calling an administrator route is refused with 403', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.adminOnly,
      headers: authHeaders(clinician.access_token),
    });
    expect(failure(response, 403, 'FORBIDDEN')._error).toBe(MESSAGES.auth.forbidden);
  });

  it('an administrator calling a clinician-only route is refused with 403', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const refused = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(admin.access_token),
    });
    failure(refused, 403, 'FORBIDDEN');
    const allowed = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.adminOnly,
      headers: authHeaders(admin.access_token),
    });
    expect(successData(allowed, whoAmISchema)).toEqual({
      id: admin.user.id,
      role: 'ADMINISTRATOR',
    });
  });

  it('a clinician suspended after logging in loses access at once', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const call = () =>
      testApp.app.inject({
        method: 'GET',
        url: ROUTES.clinicianOnly,
        headers: authHeaders(clinician.access_token),
      });
    expect((await call()).statusCode).toBe(200);
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, clinician.user.id));
    failure(await call(), 401, 'UNAUTHENTICATED');
  });

  it('a clinician whose account is deleted loses access at once', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await testApp.db.delete(users).where(eq(users.id, clinician.user.id));
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(clinician.access_token),
    });
    failure(response, 401, 'UNAUTHENTICATED');
  });

  it('a role change takes effect at once, without waiting for a new token', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    await testApp.db
      .update(users)
      .set({ role: 'ADMINISTRATOR' })
      .where(eq(users.id, clinician.user.id));
    const response = await testApp.app.inject({
      method: 'GET',
      url: ROUTES.clinicianOnly,
      headers: authHeaders(clinician.access_token),
    });
    failure(response, 403, 'FORBIDDEN');
  });
});

describe('a route that checks its session itself', () => {
  const get = (url: string, token: string) =>
    testApp.app.inject({ method: 'GET', url, headers: authHeaders(token) });

  it('admits as the guard does: the clinician as themselves, other roles 403, suspended 401', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    expect(
      successData(await get(ROUTES.checksItsSession, clinician.access_token), whoAmISchema),
    ).toEqual({ id: clinician.user.id, role: 'CLINICIAN' });
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await get(ROUTES.checksItsSession, admin.access_token), 403, 'FORBIDDEN');
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, clinician.user.id));
    failure(await get(ROUTES.checksItsSession, clinician.access_token), 401, 'UNAUTHENTICATED');
  });

  it('one that answers without checking fails closed: a 500, never its answer', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const answered = await get(ROUTES.forgetsItsSession, clinician.access_token);
    failure(answered, 500, 'INTERNAL_ERROR');
    expect(answered.body).not.toContain('Annabel');
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, clinician.user.id));
    const refused = await get(ROUTES.forgetsItsSession, clinician.access_token);
    failure(refused, 500, 'INTERNAL_ERROR');
    expect(refused.body).not.toContain('Annabel');
  });
});
