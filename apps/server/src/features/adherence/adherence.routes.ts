import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adherenceListSchema, adherenceQuerySchema } from '@recovery-portal/contract/adherence';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditRequest } from '#app/core/audit/request-audit';
import { requireParticipant } from '#app/core/participant-lookup';
import { findSurgery } from '#app/core/surgeries';
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
      const { id } = await requireParticipant(db, request.query.user_id);
      const surgeryId = request.query.surgery_id;
      let surgeryDate: string | undefined;
      if (surgeryId) {
        const surgery = await findSurgery(db, id, surgeryId);
        if (!surgery) throw notFound(SURGERY_MESSAGES.notFound(surgeryId, id));
        surgeryDate = surgery.surgery_date;
      }
      const data = await adherence.adherence(id, surgeryDate);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: id,
        details: request.query.surgery_id ? { surgery_id: request.query.surgery_id } : null,
      });
      return ok(data);
    },
  );
}
