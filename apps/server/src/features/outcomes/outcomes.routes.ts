import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { outcomeTrendsQuerySchema, outcomeTrendsSchema } from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditRequest } from '#app/core/audit/request-audit';
import { requireParticipant } from '#app/core/participant-lookup';
import { createOutcomeService } from './outcomes.service';

/** Outcome trends on participant details (issue 7): clinicians only. */
export function registerOutcomeRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const outcomes = createOutcomeService(db);

  routes.get(
    API_PATHS.surgery.outcomeTrends,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantOutcomesView },
      schema: {
        tags: ['participant details'],
        summary:
          "Survey scores at PreOp … 12 Months against the programme's expected recovery curve, with the deviation",
        querystring: outcomeTrendsQuerySchema,
        response: {
          200: successEnvelope(outcomeTrendsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = await requireParticipant(db, request.query.user_id);
      const data = await outcomes.trends(id);
      await auditRequest(db, request, {
        action: AUDIT_ACTIONS.participantOutcomesView,
        subjectType: 'participant',
        subjectId: id,
      });
      return ok(data);
    },
  );
}
