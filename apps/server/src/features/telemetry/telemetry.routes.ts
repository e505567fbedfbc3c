import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantQuerySchema } from '@recovery-portal/contract/profile';
import { telemetrySchema } from '@recovery-portal/contract/telemetry';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { todayUtc } from '#app/core/days';
import { createTelemetryService } from './telemetry.service';

/** Home Health Telemetry and Labs & Vitals of a participant (spec §2, §7): clinicians only. */
export function registerTelemetryRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const telemetry = createTelemetryService(db);

  routes.get(
    API_PATHS.user.telemetry,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantTelemetryView },
      schema: {
        tags: ['participant details'],
        summary:
          'Latest home telemetry, labs and vitals (HOME and CLINIC) with insights and chart series',
        querystring: participantQuerySchema,
        response: {
          200: successEnvelope(telemetrySchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id: id } = request.query;
      const data = await auditedParticipantRead(request, id, (audit) =>
        telemetry.telemetry(id, todayUtc(), audit),
      );
      return ok(data);
    },
  );
}
