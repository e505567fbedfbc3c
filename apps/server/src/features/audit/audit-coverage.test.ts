import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  type AuditAction,
} from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { ok } from '#app/lib/envelope';
import type { RouteAccess } from '#app/plugins/auth';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createSurgery } from '#app/test/factories';
import { runsInRequestTransaction } from '#app/core/audit/audit-trail';
import { auditRequest, declaredAuditActions } from '#app/core/audit/request-audit';

/**
 * Why this cannot miss a route: the route table is collected from Fastify itself (an onRoute
 * hook attached the moment the app instance is created, before any feature registers), not from
 * a list kept by hand. Every route that is not public must declare in `config.audit` the actions
 * it records, or the first test fails naming it; a route that declares but forgets to record is
 * caught at run time by the audit trail's onSend guard (which writes the declared action and
 * logs the gap), proven by the second group; and every route that a generic call can satisfy is
 * called, and must have written its own row, by the third.
 */

const TEST_ROUTES = {
  forgetful: '/api/test/forgetful',
  undeclared: '/api/test/undeclared',
  namedByRoute: '/api/test/named-by-route',
  twoOutcomes: '/api/test/two-outcomes',
} as const;

interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  audit: AuditAction[];
}

const collected: RouteOptions[] = [];
let testApp: TestApp;

function addTestRoutes(app: FastifyInstance) {
  // Declares an action but never records it, like a route with a forgotten auditRequest.
  app.get(
    TEST_ROUTES.forgetful,
    { config: { access: 'staff', audit: AUDIT_ACTIONS.participantProfileView } },
    async (request) => {
      if ((request.query as { fail?: string }).fail) {
        return await Promise.reject(new Error('handler failed'));
      }
      return ok({ done: true });
    },
  );
  app.get(TEST_ROUTES.undeclared, { config: { access: 'staff' } }, async () => ok({}));
  // Records without naming the action: the route's declaration names it.
  app.get(
    TEST_ROUTES.namedByRoute,
    { config: { access: 'staff', audit: AUDIT_ACTIONS.participantProfileView } },
    async (request) => {
      await auditRequest(testApp.db, request, { subjectType: 'participant', subjectId: 7 });
      return ok({ done: true });
    },
  );
  // Declares two outcomes but records without saying which one happened.
  app.post(
    TEST_ROUTES.twoOutcomes,
    {
      config: {
        access: 'staff',
        audit: [AUDIT_ACTIONS.clinicianUpdate, AUDIT_ACTIONS.clinicianCreate],
      },
    },
    async (request) => {
      await auditRequest(testApp.db, request, {});
      return ok({ done: true });
    },
  );
}

beforeAll(async () => {
  const attach = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      collected.push(route);
    });
  };
  subscribe('fastify.initialization', attach);
  try {
    testApp = await buildTestApp({}, { beforeReady: addTestRoutes });
  } finally {
    unsubscribe('fastify.initialization', attach);
  }
});
afterAll(async () => {
  await testApp.close();
});

/** Every API route of the product (test routes, the docs and HEAD twins of GETs left out). */
function productApiRoutes(): ApiRoute[] {
  return collected.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url.startsWith('/api/test/')) {
      return [];
    }
    return methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        url,
        access: route.config?.access ?? 'staff',
        audit: declaredAuditActions(route.config?.audit),
      }));
  });
}

const signedIn = (route: ApiRoute) => route.access !== 'public';

async function rowsOfRequest(requestId: string) {
  return testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
}

describe('every signed-in route is audited', () => {
  it('the route table is read from the app itself', () => {
    const routes = productApiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((route) => route.url === '/api/audit/list')).toBe(true);
  });

  it('every route that is not public declares the known audit actions it records', () => {
    const known = new Set<string>(AUDIT_ACTION_NAMES);
    const missing = productApiRoutes()
      .filter(signedIn)
      .filter((route) => route.audit.length === 0 || route.audit.some((a) => !known.has(a)))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('every route that a generic call satisfies writes its own declared audit row', async () => {
    const participant = await createParticipant(testApp.db);
    await createSurgery(testApp.db, participant.id);
    const staff: Record<'CLINICIAN' | 'ADMINISTRATOR', LoggedInStaff> = {
      CLINICIAN: await loginAs(testApp, 'CLINICIAN'),
      ADMINISTRATOR: await loginAs(testApp, 'ADMINISTRATOR'),
    };
    const id = String(participant.id);
    // Deleting runs last, so the participant is there for every other call.
    const routes = productApiRoutes()
      .filter(signedIn)
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const satisfied: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const role =
        route.access === 'staff' || route.access.includes('CLINICIAN')
          ? 'CLINICIAN'
          : 'ADMINISTRATOR';
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', id).replace(':sessionId', randomUUID()),
        headers: authHeaders(staff[role].access_token),
        ...(withBody
          ? { payload: { user_id: participant.id, id: participant.id } }
          : { query: { user_id: id, id } }),
      });
      if (response.statusCode < 200 || response.statusCode >= 300) continue;
      const name = `${route.method} ${route.url}`;
      satisfied.push(name);
      const rows = await rowsOfRequest(String(response.headers['x-request-id']));
      if (rows.length === 0) problems.push(`${name}: no row`);
      for (const row of rows) {
        if (!route.audit.includes(row.action as AuditAction)) {
          problems.push(`${name}: recorded ${row.action}, declared ${route.audit.join(', ')}`);
        }
        if (row.details && 'unaudited_route' in row.details) {
          problems.push(`${name}: only the guard's fallback row`);
        }
        if (row.actorId !== staff[role].user.id || !row.clientAddress) {
          problems.push(`${name}: row without its actor or client address`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The generic call must keep reaching the participant reads, or this test proves little.
    expect(satisfied).toEqual(
      expect.arrayContaining([
        'GET /api/user/id/:id',
        'GET /api/user/telemetry',
        'POST /api/trend/mood',
        'GET /api/surgery/surgery-list',
        'GET /api/surgery/adherence',
        'GET /api/user/markers',
        'PATCH /api/account/suspend',
        'DELETE /api/account/:id',
        'POST /api/audit/list',
      ]),
    );
    expect(satisfied.length).toBeGreaterThanOrEqual(25);
  });
});

describe('changes and their audit rows are one transaction', () => {
  it('every signed-in route that may change data runs in the request transaction, except the streamed DICOM upload and the POSTs that only read', () => {
    const changing = collected.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/test/') &&
        (route.config?.access ?? 'staff') !== 'public' &&
        [route.method].flat().some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)),
    );
    expect(changing.length).toBeGreaterThan(20);
    const outside = changing
      .filter((route) => !runsInRequestTransaction(route))
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    // A read-only POST skips the transaction: each one is listed here on purpose.
    expect(outside.sort()).toEqual(
      [
        `POST ${API_PATHS.surgery.dicom}`,
        `POST ${API_PATHS.user.list}`,
        `POST ${API_PATHS.nudge.list}`,
        `POST ${API_PATHS.chat.list}`,
        `POST ${API_PATHS.audit.list}`,
        `POST ${API_PATHS.trend.activity}`,
        `POST ${API_PATHS.trend.mood}`,
        `POST ${API_PATHS.trend.bmi}`,
        `POST ${API_PATHS.trend.sleep}`,
        `POST ${API_PATHS.trend.bodyWeight}`,
        `POST ${API_PATHS.trend.bodyPain}`,
        `POST ${API_PATHS.pain.lastN}`,
      ].sort(),
    );
  });
});

describe("the audit trail's guard", () => {
  it('a signed-in call that succeeds without recording anything still leaves its declared row, and the gap is logged', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: TEST_ROUTES.forgetful,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOfRequest(String(response.headers['x-request-id']));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: AUDIT_ACTIONS.participantProfileView,
      actorId: clinician.user.id,
      clientAddress: '127.0.0.1',
      details: { unaudited_route: `GET ${TEST_ROUTES.forgetful}`, params: {} },
    });
  });

  it('a route that declares nothing is recorded as a generic signed-in call', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: TEST_ROUTES.undeclared,
      headers: authHeaders(clinician.access_token),
    });
    const rows = await rowsOfRequest(String(response.headers['x-request-id']));
    expect(rows.map((row) => row.action)).toEqual([AUDIT_ACTIONS.apiRequest]);
  });

  it('a call that fails writes no row for the guard', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: TEST_ROUTES.forgetful,
      query: { fail: '1' },
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(500);
    expect(await rowsOfRequest(String(response.headers['x-request-id']))).toEqual([]);
  });
});

describe('the action of an audit row', () => {
  it("defaults to the route's declared action when the handler does not name one", async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: TEST_ROUTES.namedByRoute,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOfRequest(String(response.headers['x-request-id']));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: AUDIT_ACTIONS.participantProfileView,
      actorId: clinician.user.id,
      subjectType: 'participant',
      subjectId: 7,
    });
  });

  it('is never guessed among several declared actions: the call fails and writes no row', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'POST',
      url: TEST_ROUTES.twoOutcomes,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(500);
    expect(await rowsOfRequest(String(response.headers['x-request-id']))).toEqual([]);
  });
});

describe('nothing in the product rewrites the trail', () => {
  const serverSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  async function productFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          return entry.name === 'test' || entry.name === 'migrations' ? [] : productFiles(full);
        }
        return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
      }),
    );
    return nested.flat();
  }

  it('no product code updates, deletes, truncates or unguards audit_log', async () => {
    const files = await productFiles(serverSource);
    expect(files.length).toBeGreaterThan(50);
    const forbidden = [
      /\.(update|delete)\(\s*auditLog\b/,
      /\b(update|delete\s+from|truncate(\s+table)?)\s+"?audit_log\b/i,
      /\bdisable\s+trigger\b/i,
    ];
    // A restore loads a verified archive into an empty database (or one the operator said to
    // replace) with user triggers off, inside one transaction that turns them on again: it
    // writes the trail as it was, and never touches a trail that is being kept.
    const allowed = new Set(['features/backup/database-dump.ts: /\\bdisable\\s+trigger\\b/i']);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const pattern of forbidden) {
        const offence = `${path.relative(serverSource, file)}: ${pattern}`;
        if (pattern.test(text) && !allowed.has(offence)) offenders.push(offence);
      }
    }
    expect(offenders).toEqual([]);
  });
});
