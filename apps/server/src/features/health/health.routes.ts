import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { healthSchema } from '@recovery-portal/contract/health';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { DatabaseHandle } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';

/**
 * Liveness and readiness apart: liveness says the process answers HTTP and costs no database
 * round trip (so a slow or missing database never gets a live process restarted); readiness also
 * asks the database, and a load balancer polls it to take a server out while its database is away.
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_PATHS.health,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the server process answers (no database round trip)',
        response: { 200: successEnvelope(healthSchema) },
      },
    },
    () => ok({ status: 'ok' as const, database: database.kind }),
  );
  routes.get(
    API_PATHS.ready,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the server and its database answer',
        response: { 200: successEnvelope(healthSchema), ...errorResponses(503) },
      },
    },
    async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.http.databaseUnavailable);
      }
      return ok({ status: 'ok' as const, database: database.kind });
    },
  );
}
