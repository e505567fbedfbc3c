import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { RouteAccess } from '#app/plugins/auth';
import { buildTestApp, type TestApp, type TestAppOptions } from '#app/test/build-test-app';

/** Where a route belongs, which decides how the security tests treat it. */
export type RouteKind =
  /** A JSON API route: must declare `config.access`, is authorised by the auth plugin. */
  | 'api'
  /** Swagger UI and the OpenAPI document under /api/docs: staff only unless API_DOCS_PUBLIC (app.ts). */
  | 'docs'
  /** Files of the built portal: outside /api, which the auth and CSRF hooks never guard. */
  | 'static'
  /**
   * The FHIR R4 API under /fhir: OperationOutcome instead of the envelope, and its own bearer
   * check (staff tokens and SMART system clients); features/fhir tests its access rules.
   */
  | 'fhir'
  /**
   * Pages the server renders for participants under /app (set a password, forgot password):
   * public HTML forms with their own CSRF cookie; features/participant-account tests them.
   */
  | 'page';

/** The zod schemas a route validates its input with (fastify-type-provider-zod keeps them). */
export interface RouteInputSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/** One method + URL of the route table, as registered. */
export interface RouteEntry {
  method: HTTPMethods;
  /** The registered path, with `:param` and `*` placeholders. */
  url: string;
  kind: RouteKind;
  /** The declared access, or undefined when the route declares none. */
  declaredAccess: RouteAccess | undefined;
  /** Checks the caller's session in the statement that answers the call (plugins/auth.ts). */
  sessionInStatement: boolean;
  schemas: RouteInputSchemas;
  /** Declares `consumes: multipart/form-data` (the DICOM upload). */
  multipart: boolean;
  /** `schema.response` as declared: status → schema, or undefined when the route has none. */
  responses: Readonly<Record<string, unknown>> | undefined;
}

export interface RouteTableApp {
  testApp: TestApp;
  /** Every registered route, HEAD duplicates of GET routes left out, in registration order. */
  routes: RouteEntry[];
  /** The error a request raised (by its x-request-id), to explain a 5xx in a failure message. */
  errorOf: (requestId: string) => Error | undefined;
}

const DOCS_PREFIX = '/api/docs';
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function kindOf(url: string): RouteKind {
  if (url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`)) return 'docs';
  if (url.startsWith('/fhir/')) return 'fhir';
  if (url.startsWith('/app/')) return 'page';
  return url.startsWith('/api/') ? 'api' : 'static';
}

function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

function inputSchemas(route: RouteOptions): RouteInputSchemas {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const found: RouteInputSchemas = {};
  for (const part of ['params', 'querystring', 'body'] as const) {
    const candidate = schema[part];
    if (isZodSchema(candidate)) found[part] = candidate;
  }
  return found;
}

function toEntries(route: RouteOptions): RouteEntry[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const { consumes, response } = (route.schema ?? {}) as { consumes?: unknown; response?: unknown };
  return methods.map((method) => ({
    method,
    url: route.url,
    kind: kindOf(route.url),
    declaredAccess: route.config?.access,
    sessionInStatement: route.config?.sessionInStatement === true,
    schemas: inputSchemas(route),
    multipart: Array.isArray(consumes) && consumes.includes('multipart/form-data'),
    responses:
      typeof response === 'object' && response !== null
        ? (response as Record<string, unknown>)
        : undefined,
  }));
}

/** Fastify adds a HEAD twin to every GET route; it shares the GET's options, so skip it. */
function withoutHeadTwins(entries: RouteEntry[]): RouteEntry[] {
  const gets = new Set(entries.filter((e) => e.method === 'GET').map((e) => e.url));
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = `${entry.method} ${entry.url}`;
    if (seen.has(key) || (entry.method === 'HEAD' && gets.has(entry.url))) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Builds the test app and records its route table through an onRoute hook. The hook must be on
 * the instance before any route exists, and buildApp creates the instance itself, so it is added
 * from Fastify's 'fastify.initialization' diagnostics channel, which fires on creation.
 */
export async function buildAppWithRouteTable(
  envOverrides: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<RouteTableApp> {
  const registered: RouteOptions[] = [];
  const errors = new Map<string, Error>();
  let instances = 0;
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    instances += 1;
    fastify.addHook('onRoute', (route) => {
      registered.push(route);
    });
    // The app logs nothing in tests; keep the last errors so a 5xx can be explained.
    fastify.addHook('onError', async (request, _reply, error) => {
      errors.set(request.id, error);
      if (errors.size > 100) errors.delete(errors.keys().next().value ?? '');
    });
  };
  subscribe('fastify.initialization', onInitialization);
  let testApp: TestApp;
  try {
    testApp = await buildTestApp(envOverrides, options);
  } finally {
    unsubscribe('fastify.initialization', onInitialization);
  }
  if (instances !== 1 || registered.length === 0) {
    await testApp.close();
    throw new Error(
      `expected one Fastify instance with routes, saw ${instances} instance(s) and ${registered.length} route(s)`,
    );
  }
  // Read after ready: app.ts's own onRoute hook may replace a route's config (the docs routes).
  return {
    testApp,
    routes: withoutHeadTwins(registered.flatMap(toEntries)),
    errorOf: (requestId) => errors.get(requestId),
  };
}

/** The access the auth plugin applies: its default for API routes, none outside /api. */
export function effectiveAccess(route: RouteEntry): RouteAccess {
  if (route.kind === 'static') return 'public';
  return route.declaredAccess ?? 'staff';
}

/** Whether a staff role passes the route's access check. */
export function allowsRole(access: RouteAccess, role: StaffRole): boolean {
  return access === 'public' || access === 'staff' || access.includes(role);
}

/** The staff roles a route lets in ('public' routes: both, since tokens are ignored there). */
export function allowedRoles(route: RouteEntry): StaffRole[] {
  const access = effectiveAccess(route);
  return (['CLINICIAN', 'ADMINISTRATOR'] as const).filter((role) => allowsRole(access, role));
}

/** Unsafe methods need the CSRF double-submit on /api routes. */
export function isUnsafe(route: RouteEntry): boolean {
  return !SAFE_METHODS.has(route.method);
}

/** Names of the `:param` placeholders of a route URL, plus '*' for a wildcard. */
export function pathParamNames(url: string): string[] {
  return url
    .split('/')
    .filter((segment) => segment.startsWith(':') || segment === '*')
    .map((segment) => (segment === '*' ? '*' : segment.slice(1)));
}

/**
 * The URL with every placeholder replaced by its value, which must already be URL-encoded
 * (a raw value is inserted as is, so tests can send encodings the router must cope with).
 */
export function fillPath(url: string, encodedValues: Readonly<Record<string, string>>): string {
  return url
    .split('/')
    .map((segment) => {
      const name = segment === '*' ? '*' : segment.startsWith(':') ? segment.slice(1) : null;
      if (name === null) return segment;
      const value = encodedValues[name];
      if (value === undefined) throw new Error(`no value for path parameter ${name} of ${url}`);
      return value;
    })
    .join('/');
}

/** "METHOD /url", the way routes are named in failure messages. */
export function routeName(route: Pick<RouteEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}
