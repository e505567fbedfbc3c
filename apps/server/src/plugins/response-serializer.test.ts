import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  DEFAULT_PARTICIPANT_LIST_QUERY,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { ok } from '#app/lib/envelope';
import { createParticipant } from '#app/test/factories';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  successData,
  type TestApp,
} from '#app/test/build-test-app';

const LEAKY_ROUTE = '/api/test/leaky';

/** Answers more than its schema declares, as a handler returning a whole database row might. */
function addLeakyRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    LEAKY_ROUTE,
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: successEnvelope(
            z.object({
              id: z.number(),
              email: z.string(),
              joined_at: z.string().nullable(),
              roles: z.array(z.object({ name: z.string() })),
            }),
          ),
        },
      },
    },
    () =>
      ok({
        id: 7,
        email: 'a@clinic.test',
        joined_at: null,
        password_hash: '$argon2id$secret',
        roles: [{ name: 'CLINICIAN', granted_by_secret: 'x' }],
      }),
  );
}

/** The same app and data in production (compiled serializer) and in test mode (zod's). */
let production: TestApp;
let zodMode: TestApp;

beforeAll(async () => {
  [production, zodMode] = await Promise.all([
    buildTestApp({ NODE_ENV: 'production' }, { beforeReady: addLeakyRoute }),
    buildTestApp({}, { beforeReady: addLeakyRoute }),
  ]);
  for (const testApp of [production, zodMode]) {
    for (let i = 0; i < 3; i += 1) {
      await createParticipant(testApp.db, { firstName: `Same${i}`, lastName: `Person${i}` });
    }
  }
}, 60_000);

afterAll(async () => {
  await production.close();
  await zodMode.close();
});

describe('production response serialization', () => {
  it('writes only the declared fields, at every depth, like the zod serializer', async () => {
    for (const testApp of [production, zodMode]) {
      const response = await testApp.app.inject({ method: 'GET', url: LEAKY_ROUTE });
      expect(response.body).not.toMatch(/password_hash|argon2|granted_by_secret/);
      expect(response.json()).toEqual({
        _success: true,
        _data: { id: 7, email: 'a@clinic.test', joined_at: null, roles: [{ name: 'CLINICIAN' }] },
      });
    }
  });

  it('answers the participant list exactly as the zod serializer does', async () => {
    const bodies: unknown[] = [];
    for (const testApp of [production, zodMode]) {
      const clinician = await loginAs(testApp, 'CLINICIAN');
      const response = await testApp.app.inject({
        method: 'POST',
        url: API_PATHS.user.list,
        headers: authHeaders(clinician.access_token),
        payload: { ...DEFAULT_PARTICIPANT_LIST_QUERY, status: '' },
      });
      const data = successData(response, participantListResponseSchema);
      expect(data.users).toHaveLength(3);
      // Ids and dates differ between the two databases; the shape and the names do not.
      bodies.push(
        data.users.map(({ first_name, last_name }) => ({ first_name, last_name })).sort(),
      );
      expect(Object.keys(response.json<{ _data: object }>()._data).sort()).toEqual(
        Object.keys(data).sort(),
      );
    }
    expect(bodies[0]).toEqual(bodies[1]);
  });

  it('error answers keep the envelope', async () => {
    const response = await production.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: authHeaders('not-a-token'),
      payload: DEFAULT_PARTICIPANT_LIST_QUERY,
    });
    failure(response, 401, 'UNAUTHENTICATED');
  });
});
