import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantPathSchema } from '@recovery-portal/contract/profile';
import {
  markReviewedRequestSchema,
  participantTriageStatusSchema,
} from '@recovery-portal/contract/review';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { auditedTriageStatus, markReviewed } from './review.service';

/** Review tracking (ADR 0012): clinicians only, every call audited. */
export function registerReviewRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['review'];
  const response = {
    200: successEnvelope(participantTriageStatusSchema),
    ...errorResponses(400, 401, 403, 404),
  };

  routes.post(
    API_PATHS.user.review,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantReview },
      schema: {
        tags,
        summary: 'Marks the participant reviewed now by the calling clinician',
        body: markReviewedRequestSchema,
        response,
      },
    },
    async (request) => {
      const { user_id } = request.body;
      const status = await markReviewed(db, user_id, currentStaff(request).id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: user_id,
        details: { reviewed_at: status.last_reviewed_at },
      });
      return ok(status);
    },
  );

  routes.get(
    API_PATHS.user.triage(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantTriageView },
      schema: {
        tags,
        summary: "The participant's last review, data connection and open flags",
        params: participantPathSchema,
        response,
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await auditedParticipantRead(request, id, (audit) => auditedTriageStatus(db, id, audit)),
      );
    },
  );
}
