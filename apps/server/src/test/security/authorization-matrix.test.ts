import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@recovery-portal/contract/account';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import {
  errorEnvelopeSchema,
  messageSchema,
  type ErrorCode,
} from '@recovery-portal/contract/envelope';
import { API_PATHS, PUBLIC_API_PATHS } from '@recovery-portal/contract/paths';
import { STAFF_ROLES, type StaffRole } from '@recovery-portal/contract/users';
import { refreshTokens } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';
import {
  csrfHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  TEST_JWT_SECRET,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createPendingStaff, FACTORY_PASSWORD } from '#app/test/factories';
import { envelopeProblem } from './envelope-checks';
import {
  allowedRoles,
  allowsRole,
  buildAppWithRouteTable,
  effectiveAccess,
  fillPath,
  isUnsafe,
  pathParamNames,
  routeName,
  type RouteEntry,
} from './route-table';

/**
 * Public routes on purpose, by path prefix, with the reason. A new public route fails the
 * matrix until it is added here: opening a route must be a decision, not an accident.
 */
const PUBLIC_ON_PURPOSE: readonly { prefix: string; reason: string }[] = [
  { prefix: API_PATHS.health, reason: 'probes (load balancer, uptime) carry no credentials' },
  {
    prefix: '/api/account/',
    reason: 'sign-in, token refresh, logout and password activation happen before a session',
  },
];

/** The files of a stand-in portal build, so the static routes are part of the route table. */
const PORTAL_FILES = {
  'index.html': '<!doctype html><title>Recovery Portal</title><div id="root"></div>',
  'assets/app-3f2a1b.js': 'console.log("portal");',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

/** A path parameter no row has: allowed callers reach validation or a 404, never data. */
const DUMMY_ID = '2147483000';

type Expected = 'allowed' | 401 | 403;

interface Identity {
  /** Column heading of the printed matrix. */
  key: string;
  label: string;
  /** Headers to call the route with; null when the identity does not apply to the route. */
  headers: (route: RouteEntry) => Record<string, string> | null;
  /** Rewrites the request URL (the percent-encoded spelling of /api/). */
  rewriteUrl?: (url: string) => string | null;
  expected: (route: RouteEntry) => Expected;
}

interface Cell {
  route: RouteEntry;
  identity: Identity;
  expected: Expected;
  status: number | null;
  problem: string | null;
}

let testApp: TestApp;
let routes: RouteEntry[];
let webDistDir: string;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const base64UrlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function mint(claims: {
  sub: number;
  role: string;
  /** The session id claim; left out, an old-style token that no session revocation reaches. */
  sid?: string;
  expiresAt?: number;
  secret?: string;
}): Promise<string> {
  return new SignJWT({ role: claims.role, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer('recovery-portal')
    .setAudience('recovery-portal-staff')
    .setIssuedAt(nowSeconds() - 120)
    .setExpirationTime(claims.expiresAt ?? nowSeconds() + 600)
    .sign(new TextEncoder().encode(claims.secret ?? TEST_JWT_SECRET));
}

/** The session id (`sid` claim) of a token the server issued. */
function sessionIdOf(token: string): string {
  const [, payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sid?: unknown;
  };
  if (typeof claims.sid !== 'string') throw new Error('an issued token without a session id');
  return claims.sid;
}

/** Valid claims, no signature at all. */
function unsigned(sub: number, role: string): string {
  const claims = {
    sub: String(sub),
    role,
    iss: 'recovery-portal',
    aud: 'recovery-portal-staff',
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
  };
  return `${base64UrlJson({ alg: 'none', typ: 'JWT' })}.${base64UrlJson(claims)}.`;
}

/** One character of the signature changed, still valid base64url. */
function withAlteredSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const index = Math.floor(signature.length / 2);
  const replacement = signature[index] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, index)}${replacement}${signature.slice(index + 1)}`;
}

/** The claims rewritten (an expired token made current again), the old signature kept. */
function withRevivedClaims(token: string): string {
  const [header, payload = '', signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return `${header}.${base64UrlJson({ ...claims, exp: nowSeconds() + 600 })}.${signature}`;
}

/** Bad credentials for one subject: each would pass if the check it targets were missing. */
interface ForgedTokens {
  expired: string;
  alteredSignature: string;
  revivedClaims: string;
  algNone: string;
  wrongKey: string;
  withoutSession: string;
  suspended: string;
  pending: string;
  participantAsStaff: string;
  revokedRefreshToken: string;
  loggedOut: string;
}

let clinician: LoggedInStaff;
let administrator: LoggedInStaff;
let participantToken: string;
let clinicianClaimingAdministrator: string;
const forged = {} as Record<StaffRole, ForgedTokens>;

/**
 * A session that ended: signed in, refresh token rotated once, then logged out. Returns the
 * spent refresh token and the access token issued at sign-in.
 */
async function endedSession(role: StaffRole) {
  const staff = await loginAs(testApp, role);
  const rotated = await postJson(testApp.app, API_PATHS.account.token, {
    grant_type: 'refresh_token',
    refresh_token: staff.refresh_token,
  });
  const { refresh_token: current } = successData(rotated, tokenPairSchema);
  const logout = await postJson(testApp.app, API_PATHS.account.logout, { refresh_token: current });
  successData(logout, messageSchema);
  return { spentRefreshToken: staff.refresh_token, accessToken: staff.access_token };
}

async function forgeTokens(role: StaffRole, participantId: number): Promise<ForgedTokens> {
  const subject = role === 'CLINICIAN' ? clinician : administrator;
  // The subject's live session, so that each token fails only the check it targets.
  const sid = sessionIdOf(subject.access_token);
  const expired = await mint({ sub: subject.user.id, role, sid, expiresAt: nowSeconds() - 60 });
  const suspended = await loginAs(testApp, role);
  await testApp.db
    .update(users)
    .set({ status: 'SUSPENDED' })
    .where(inArray(users.id, [suspended.user.id]));
  const pending = await createPendingStaff(testApp.db, { role });
  const ended = await endedSession(role);
  return {
    expired,
    alteredSignature: withAlteredSignature(subject.access_token),
    revivedClaims: withRevivedClaims(expired),
    algNone: unsigned(subject.user.id, role),
    wrongKey: await mint({
      sub: subject.user.id,
      role,
      sid,
      secret: 'another-secret-that-is-long-enough-for-hs256-9876543210',
    }),
    withoutSession: await mint({ sub: subject.user.id, role }),
    // Issued by a real sign-in before the account was suspended.
    suspended: suspended.access_token,
    pending: await mint({ sub: pending.id, role, sid }),
    participantAsStaff: await mint({ sub: participantId, role, sid }),
    revokedRefreshToken: ended.spentRefreshToken,
    loggedOut: ended.accessToken,
  };
}

/** The role whose forged credentials would open the route if verification were skipped. */
function targetRole(route: RouteEntry): StaffRole {
  return allowedRoles(route)[0] ?? 'CLINICIAN';
}

const anonymousExpectation = (route: RouteEntry): Expected =>
  effectiveAccess(route) === 'public' ? 'allowed' : 401;
const roleExpectation =
  (role: StaffRole) =>
  (route: RouteEntry): Expected =>
    allowsRole(effectiveAccess(route), role) ? 'allowed' : 403;

function forgedIdentity(key: string, label: string, pick: keyof ForgedTokens): Identity {
  return {
    key,
    label,
    headers: (route) => bearer(forged[targetRole(route)][pick]),
    expected: anonymousExpectation,
  };
}

const IDENTITIES: readonly Identity[] = [
  { key: 'anon', label: 'anonymous', headers: () => ({}), expected: anonymousExpectation },
  {
    key: 'anon%',
    label: 'anonymous, /api/ spelled /%61pi/ (the router decodes it)',
    headers: () => ({}),
    rewriteUrl: (url) => (url.startsWith('/api/') ? `/%61pi/${url.slice(5)}` : null),
    expected: anonymousExpectation,
  },
  {
    key: 'part',
    label: 'PARTICIPANT, token with the real key and role PARTICIPANT',
    headers: () => bearer(participantToken),
    expected: anonymousExpectation,
  },
  forgedIdentity(
    'part*',
    'PARTICIPANT, token with the real key claiming a staff role',
    'participantAsStaff',
  ),
  {
    key: 'clin',
    label: 'CLINICIAN (signed in)',
    headers: () => bearer(clinician.access_token),
    expected: roleExpectation('CLINICIAN'),
  },
  {
    key: 'admin',
    label: 'ADMINISTRATOR (signed in)',
    headers: () => bearer(administrator.access_token),
    expected: roleExpectation('ADMINISTRATOR'),
  },
  {
    key: 'clin*',
    label: 'CLINICIAN, token with the real key claiming ADMINISTRATOR (the database role wins)',
    headers: () => bearer(clinicianClaimingAdministrator),
    expected: roleExpectation('CLINICIAN'),
  },
  forgedIdentity('susp', 'suspended staff, token issued before the suspension', 'suspended'),
  forgedIdentity('pend', 'staff invited but never activated, token with the real key', 'pending'),
  forgedIdentity('exp', 'expired token', 'expired'),
  forgedIdentity('sig', 'tampered token: one signature character changed', 'alteredSignature'),
  forgedIdentity(
    'claim',
    'tampered token: expired claims made current, old signature',
    'revivedClaims',
  ),
  forgedIdentity('none', 'tampered token: alg none, no signature', 'algNone'),
  forgedIdentity('key', 'tampered token: signed with another key', 'wrongKey'),
  forgedIdentity('nosid', 'old-style token with the real key but no session id', 'withoutSession'),
  forgedIdentity(
    'rfr',
    'revoked (rotated) refresh token sent as the bearer',
    'revokedRefreshToken',
  ),
  forgedIdentity('out', 'access token of a session that was logged out', 'loggedOut'),
  {
    key: 'junk',
    label: 'malformed Authorization header',
    headers: () => ({ authorization: 'Bearer not.a.jwt' }),
    expected: anonymousExpectation,
  },
];

function dummyPath(route: RouteEntry): string {
  const values = Object.fromEntries(
    pathParamNames(route.url).map((name) => [name, name === '*' ? 'index.html' : DUMMY_ID]),
  );
  return fillPath(route.url, values);
}

function request(route: RouteEntry, url: string, headers: Record<string, string>) {
  const unsafe = isUnsafe(route);
  return testApp.app.inject({
    method: route.method,
    url,
    headers: unsafe
      ? { ...csrfHeaders(), 'content-type': 'application/json', ...headers }
      : headers,
    ...(unsafe ? { payload: '{}' } : {}),
  });
}

function errorCode(response: LightMyRequestResponse): ErrorCode | null {
  try {
    return errorEnvelopeSchema.parse(response.json()).error.code;
  } catch {
    return null;
  }
}

function judge(
  route: RouteEntry,
  expected: Expected,
  response: LightMyRequestResponse,
): string | null {
  const status = response.statusCode;
  if (status >= 500) return `server error ${status}`;
  // The documentation is HTML, JavaScript and the OpenAPI document, not enveloped data.
  const envelope = route.kind === 'docs' && status < 400 ? null : envelopeProblem(response);
  if (envelope) return envelope;
  if (expected === 'allowed') {
    return status === 401 || status === 403 ? `refused with ${status}` : null;
  }
  const code: ErrorCode = expected === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  if (status !== expected) return `expected ${expected}, got ${status}`;
  return errorCode(response) === code ? null : `expected code ${code}`;
}

async function walkMatrix(): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const route of routes) {
    for (const identity of IDENTITIES) {
      const headers = identity.headers(route);
      const plainUrl = dummyPath(route);
      const url = identity.rewriteUrl ? identity.rewriteUrl(plainUrl) : plainUrl;
      const expected = identity.expected(route);
      if (headers === null || url === null) {
        cells.push({ route, identity, expected, status: null, problem: null });
        continue;
      }
      const response = await request(route, url, headers);
      cells.push({
        route,
        identity,
        expected,
        status: response.statusCode,
        problem: judge(route, expected, response),
      });
    }
  }
  return cells;
}

/** The matrix as text: one row per route, one column per identity; ✗ marks a wrong answer. */
function renderMatrix(cells: readonly Cell[]): string {
  const width = Math.max(...routes.map((route) => routeName(route).length)) + 2;
  const columns = IDENTITIES.map((identity) => identity.key.padEnd(7)).join('');
  const lines = [`${'route'.padEnd(width)}${'access'.padEnd(16)}${columns}`];
  for (const route of routes) {
    const access = effectiveAccess(route);
    const row = cells
      .filter((cell) => cell.route === route)
      .map((cell) => {
        const text = cell.status === null ? 'n/a' : String(cell.status);
        return `${text}${cell.problem ? '✗' : ''}`.padEnd(7);
      })
      .join('');
    const accessText = typeof access === 'string' ? access : access.join('+');
    lines.push(`${routeName(route).padEnd(width)}${accessText.padEnd(16)}${row}`);
  }
  const legend = IDENTITIES.map((identity) => `  ${identity.key.padEnd(6)} ${identity.label}`);
  const problems = cells
    .filter((cell) => cell.problem)
    .map(
      (cell) =>
        `  ✗ ${routeName(cell.route)} as ${cell.identity.label}: ${cell.problem} (expected ${cell.expected})`,
    );
  return [...lines, '', 'columns:', ...legend, '', ...problems].join('\n');
}

// Eight sign-ins (argon2) and a migrated database: slow on a busy machine.
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'rp-matrix-web-'));
  for (const [file, content] of Object.entries(PORTAL_FILES)) {
    await mkdir(path.dirname(path.join(webDistDir, file)), { recursive: true });
    await writeFile(path.join(webDistDir, file), content);
  }
  const built = await buildAppWithRouteTable({ WEB_DIST_DIR: webDistDir });
  testApp = built.testApp;
  // The envelope API's rules; the FHIR API and the participants' pages answer in their own
  // formats (features/fhir and features/participant-account test them).
  routes = built.routes.filter((route) => route.kind !== 'fhir' && route.kind !== 'page');
  clinician = await loginAs(testApp, 'CLINICIAN');
  administrator = await loginAs(testApp, 'ADMINISTRATOR');
  const participant = await createParticipant(testApp.db);
  participantToken = await mint({ sub: participant.id, role: 'PARTICIPANT' });
  clinicianClaimingAdministrator = await mint({
    sub: clinician.user.id,
    role: 'ADMINISTRATOR',
    sid: sessionIdOf(clinician.access_token),
  });
  for (const role of STAFF_ROLES) forged[role] = await forgeTokens(role, participant.id);
}, 180_000);

afterAll(async () => {
  // Undefined when beforeAll failed; its own error is the one worth reading.
  await (testApp as TestApp | undefined)?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('the route table', () => {
  it('is read from the app itself: API, documentation and portal files are all in it', () => {
    const names = routes.map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        `POST ${API_PATHS.account.login}`,
        `POST ${API_PATHS.user.list}`,
        `GET ${API_PATHS.health}`,
        'GET /api/docs/json',
        'GET /index.html',
      ]),
    );
    expect(routes.filter((route) => route.kind === 'api').length).toBeGreaterThan(30);
  });

  it('every API route declares who may call it, with staff roles only', () => {
    const undeclared = routes
      .filter((route) => route.kind !== 'static' && route.declaredAccess === undefined)
      .map(routeName);
    expect(undeclared, 'these routes rely on the default instead of config.access').toEqual([]);
    const badLists = routes
      .filter((route) => Array.isArray(route.declaredAccess))
      .filter((route) => {
        const roles = route.declaredAccess as readonly string[];
        return (
          roles.length === 0 ||
          roles.some((role) => !(STAFF_ROLES as readonly string[]).includes(role))
        );
      })
      .map(routeName);
    expect(badLists, 'access lists must name one or more staff roles').toEqual([]);
  });

  it('only sign-in and health routes are public, each for a stated reason', () => {
    const unexpected = routes
      .filter((route) => route.kind !== 'static' && effectiveAccess(route) === 'public')
      .filter((route) => !PUBLIC_ON_PURPOSE.some(({ prefix }) => route.url.startsWith(prefix)))
      .map(routeName);
    expect(unexpected, 'public without a reason in PUBLIC_ON_PURPOSE').toEqual([]);
    const docsNotRead = routes
      .filter((route) => route.kind === 'docs' && route.method !== 'GET')
      .map(routeName);
    expect(docsNotRead, 'documentation routes only read').toEqual([]);
  });

  it("the portal's list of calls made without a token (contract) names public routes only", () => {
    const publicUrls = new Set(
      routes.filter((route) => effectiveAccess(route) === 'public').map((route) => route.url),
    );
    expect([...PUBLIC_API_PATHS].filter((url) => !publicUrls.has(url))).toEqual([]);
  });

  it('portal files and the history fallback are public on purpose and only read', async () => {
    const staticRoutes = routes.filter((route) => route.kind === 'static');
    expect(staticRoutes.map(routeName).sort()).toEqual(
      Object.keys(PORTAL_FILES)
        .map((file) => `GET /${file}`)
        .sort(),
    );
    for (const route of staticRoutes) {
      const response = await testApp.app.inject({ method: 'GET', url: route.url });
      expect(response.statusCode, routeName(route)).toBe(200);
    }
    const deepLink = await testApp.app.inject({ method: 'GET', url: '/participant-details/12' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toMatch(/^text\/html/);
    // The fallback never hands the portal page to API callers or to writes.
    failure(
      await testApp.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      404,
      'NOT_FOUND',
    );
    failure(
      await testApp.app.inject({ method: 'POST', url: '/participants', headers: csrfHeaders() }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('authorization matrix', () => {
  it('every route answers every identity as its declared access says', async () => {
    const cells = await walkMatrix();
    const wrong = cells.filter((cell) => cell.problem).length;
    // For a security review: PRINT_AUTH_MATRIX=1 prints the matrix even when it passes.
    if (process.env.PRINT_AUTH_MATRIX) process.stdout.write(`${renderMatrix(cells)}\n`);
    expect(wrong, renderMatrix(cells)).toBe(0);
    expect(cells.filter((cell) => cell.status !== null).length).toBeGreaterThan(
      routes.length * (IDENTITIES.length - 1),
    );
  }, 120_000);

  it('every state-changing API call without the CSRF double-submit is refused with 403', async () => {
    const unsafeRoutes = routes.filter((route) => route.kind !== 'static' && isUnsafe(route));
    expect(unsafeRoutes.length).toBeGreaterThan(10);
    const variants: readonly { label: string; headers: Record<string, string> }[] = [
      { label: 'neither cookie nor header', headers: {} },
      { label: 'cookie without header', headers: { cookie: `${CSRF_COOKIE}=t` } },
      { label: 'header without cookie', headers: { [CSRF_HEADER]: 't' } },
      {
        label: 'header differing from cookie',
        headers: { cookie: `${CSRF_COOKIE}=t`, [CSRF_HEADER]: 'u' },
      },
    ];
    const problems: string[] = [];
    for (const route of unsafeRoutes) {
      const role = targetRole(route);
      const token = role === 'CLINICIAN' ? clinician.access_token : administrator.access_token;
      for (const variant of variants) {
        for (const url of [dummyPath(route), dummyPath(route).replace(/^\/api\//, '/%61pi/')]) {
          const response = await testApp.app.inject({
            method: route.method,
            url,
            headers: { 'content-type': 'application/json', ...bearer(token), ...variant.headers },
            payload: '{}',
          });
          const code = response.statusCode === 403 ? errorCode(response) : null;
          if (code !== 'CSRF_REJECTED' || envelopeProblem(response)) {
            problems.push(`${route.method} ${url} with ${variant.label}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('sessions that ended', () => {
  const refresh = (refreshToken: string) =>
    postJson(testApp.app, API_PATHS.account.token, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });

  it('a rotated refresh token is refused, and presenting it again ends the whole session', async () => {
    const staff = await loginAs(testApp, 'CLINICIAN');
    const next = successData(await refresh(staff.refresh_token), tokenPairSchema);
    failure(await refresh(staff.refresh_token), 401, 'UNAUTHENTICATED');
    failure(await refresh(next.refresh_token), 401, 'UNAUTHENTICATED');
  });

  it('a logged-out, expired or suspended session cannot be refreshed', async () => {
    const loggedOut = await loginAs(testApp, 'ADMINISTRATOR');
    successData(
      await postJson(testApp.app, API_PATHS.account.logout, {
        refresh_token: loggedOut.refresh_token,
      }),
      messageSchema,
    );
    failure(await refresh(loggedOut.refresh_token), 401, 'UNAUTHENTICATED');

    const expired = await loginAs(testApp, 'CLINICIAN');
    await testApp.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(refreshTokens.userId, [expired.user.id]));
    failure(await refresh(expired.refresh_token), 401, 'UNAUTHENTICATED');

    const suspended = await loginAs(testApp, 'CLINICIAN');
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(inArray(users.id, [suspended.user.id]));
    failure(await refresh(suspended.refresh_token), 401, 'UNAUTHENTICATED');
    failure(await refresh('made-up-refresh-token'), 401, 'UNAUTHENTICATED');
  });

  it('participants and suspended staff cannot sign in to the portal, and are told no more than a wrong password', async () => {
    const participant = await createParticipant(testApp.db);
    const login = (email: string, password: string) =>
      postJson(testApp.app, API_PATHS.account.login, { user_name: email, password });
    failure(await login(participant.email, FACTORY_PASSWORD), 401, 'UNAUTHENTICATED');
    const suspended = await loginAs(testApp, 'ADMINISTRATOR');
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(inArray(users.id, [suspended.user.id]));
    failure(await login(suspended.email, suspended.password), 401, 'UNAUTHENTICATED');
  });
});
