import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { coachListRequestSchema, coachListResponseSchema } from '@recovery-portal/contract/coach';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { pendingSessionOf } from '#app/plugins/auth';
import { auditedOnceAdmitted } from '#app/core/audit/request-audit';
import { coachListAudit, createCoachService } from './coach.service';

export function registerCoachRoutes(app: FastifyInstance, db: Database) {
  const coach = createCoachService(db);
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.chat.list,
    {
      config: {
        access: ['CLINICIAN'],
        audit: AUDIT_ACTIONS.coachList,
        readOnly: true,
        sessionInStatement: true,
      },
      schema: {
        tags: ['coach'],
        summary: 'A page of coach conversations with summary, markers and transcript',
        body: coachListRequestSchema,
        response: {
          200: successEnvelope(coachListResponseSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      ok(
        await auditedOnceAdmitted(request, coachListAudit(request.body), (audit) =>
          coach.list(request.body, pendingSessionOf(request), audit),
        ),
      ),
  );
}
