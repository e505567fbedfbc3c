import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@recovery-portal/contract/envelope';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { operationOutcomeSchema } from '#app/features/fhir/fhir-schemas';
import { authorizePageSchema, oauthErrorSchema } from '#app/features/fhir/smart-auth/smart-schemas';
import {
  buildAppWithRouteTable,
  routeName,
  type RouteEntry,
  type RouteTableApp,
} from '#app/test/security/route-table';

/** The schemas of one declared status: one, or one per media type (a CSV, a PDF, bytes). */
function schemasOf(declared: unknown): unknown[] {
  if (typeof declared === 'object' && declared !== null && 'content' in declared) {
    const content = (declared as { content: Record<string, { schema: unknown }> }).content;
    return Object.values(content).map((entry) => entry.schema);
  }
  return [declared];
}

/**
 * What is wrong with a route's declared answers, or null when they are all declared: a failure
 * is the error envelope on /api, an OperationOutcome (or an OAuth error from the SMART token
 * endpoint) under /fhir.
 */
function responseProblem(
  route: RouteEntry,
  failureSchemas: readonly unknown[] = [errorEnvelopeSchema],
): string | null {
  const responses = route.responses;
  if (!responses) return 'declares no response schema';
  const statuses = Object.keys(responses).map(Number);
  if (!statuses.some((status) => status >= 200 && status < 400)) {
    return 'declares no success or redirect status';
  }
  const badFailure = statuses.find(
    (status) =>
      status >= 400 &&
      schemasOf(responses[status]).some((schema) => !failureSchemas.includes(schema)),
  );
  return badFailure === undefined ? null : `declares ${badFailure} with another failure shape`;
}

const openApiSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({ responses: z.record(z.string(), z.object({ content: z.unknown().optional() })) }),
    ),
  ),
});

/**
 * Every /api and /fhir route states what it answers, files and redirects included: the OpenAPI document
 * shows it, and a new route without one fails here rather than going undocumented. Single
 * sign-on is configured (with a provider never called) so that its redirects are registered.
 */
describe('response schemas', () => {
  let table: RouteTableApp;
  // A migrated database and every route's OpenAPI document: on a busy machine this takes most of
  // the default hook timeout, so it gets its own.
  beforeAll(async () => {
    table = await buildAppWithRouteTable({
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'response-schemas-test-secret',
      API_DOCS_PUBLIC: 'true',
    });
  }, 90_000);
  afterAll(async () => {
    await table.testApp.close();
  });

  it('every /api route declares its success or redirect, and its failures as the error envelope', () => {
    const apiRoutes = table.routes.filter((route) => route.kind === 'api');
    expect(apiRoutes.map(routeName)).toEqual(
      expect.arrayContaining([`GET ${API_PATHS.sso.start}`, `GET ${API_PATHS.sso.callback}`]),
    );
    const problems = apiRoutes
      .map((route) => ({ route: routeName(route), problem: responseProblem(route) }))
      .filter((entry) => entry.problem !== null);
    expect(problems).toEqual([]);
  });

  // The authorization endpoint's failures are pages for the participant in the browser.
  it('every /fhir route declares its answers, its failures as an OperationOutcome', () => {
    const fhirRoutes = table.routes.filter((route) => route.kind === 'fhir');
    expect(fhirRoutes.map(routeName)).toEqual(
      expect.arrayContaining([
        `GET ${FHIR_BASE_PATH}/metadata`,
        `GET ${FHIR_BASE_PATH}/:type`,
        `POST ${FHIR_BASE_PATH}/auth/token`,
      ]),
    );
    const problems = fhirRoutes
      .map((route) => ({
        route: routeName(route),
        problem: responseProblem(route, [
          operationOutcomeSchema,
          oauthErrorSchema,
          authorizePageSchema,
        ]),
      }))
      .filter((entry) => entry.problem !== null);
    expect(problems).toEqual([]);
  });

  it('the OpenAPI document gives a file its media type and a redirect no body', async () => {
    const response = await table.testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(
      response.statusCode,
      String(table.errorOf(String(response.headers['x-request-id']))),
    ).toBe(200);
    const { paths } = openApiSchema.parse(response.json());
    expect(paths[API_PATHS.audit.export]?.get?.responses['200']?.content).toEqual({
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    });
    expect(paths[API_PATHS.sso.callback]?.get?.responses['303']?.content).toBeUndefined();
    expect(paths[API_PATHS.sso.callback]?.get?.responses['400']?.content).toHaveProperty([
      'application/json',
    ]);
    expect(paths[`${FHIR_BASE_PATH}/{type}`]?.get?.responses['404']?.content).toHaveProperty([
      'application/fhir+json',
    ]);
    expect(
      Object.keys(
        paths[`${FHIR_BASE_PATH}/bulk-files/{id}/{name}`]?.get?.responses['200']?.content ?? {},
      ),
    ).toEqual(['application/fhir+ndjson']);
  });
});
