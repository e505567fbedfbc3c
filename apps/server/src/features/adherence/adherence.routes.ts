import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adherenceListSchema, adherenceQuerySchema } from '@recovery-portal/contract/adherence';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createAdherenceService } from './adherence.service';

/** The Survey Schedule card (spec §2, §3 'Adherence item'): clinicians only. */
export function registerAdherenceRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adherence = createAdherenceService(db);

  routes.get(
    API_PATHS.surgery.adherence,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantAdherenceView },
      schema: {
        tags: ['participant details'],
        summary:
          'The survey schedule: per survey five entries (PreOp … 12 Months) with score, target and submission',
        querystring: adherenceQuerySchema,
        response: {
          200: successEnvelope(adherenceListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id: id, surgery_id: surgeryId } = request.query;
      return ok(
        await auditedParticipantRead(
          request,
          id,
          (audit) => adherence.adherence(id, surgeryId ?? null, audit),
          surgeryId ? { surgery_id: surgeryId } : undefined,
        ),
      );
    },
  );
}
