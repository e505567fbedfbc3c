import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  addSurgeryRequestSchema,
  surgeryListQuerySchema,
  surgeryListSchema,
  surgeryMutationSchema,
  updateSurgeryRequestSchema,
} from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createSurgeryService } from './surgery.service';

/** A participant's surgeries (spec §7 'Surgery and pain'): clinicians only. */
export function registerSurgeryRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const surgery = createSurgeryService(db);
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['surgery'];

  routes.post(
    API_PATHS.surgery.surgery,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSurgeryAdd },
      schema: {
        tags,
        summary:
          'Adds a surgery; schedules the five survey timepoints from its date if none are scheduled',
        body: addSurgeryRequestSchema,
        response: {
          200: successEnvelope(surgeryMutationSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const result = await surgery.add(request.body, currentStaff(request).id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: request.body.user_id,
        details: { surgery_id: result.surgery.id, surveys_scheduled: result.surveys_scheduled },
      });
      return ok(result);
    },
  );

  routes.put(
    API_PATHS.surgery.surgery,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSurgeryUpdate },
      schema: {
        tags,
        summary:
          'Updates a surgery (all fields); unsubmitted survey timepoints move with a new date',
        body: updateSurgeryRequestSchema,
        response: {
          200: successEnvelope(surgeryMutationSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const result = await surgery.update(request.body);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: request.body.user_id,
        details: { surgery_id: request.body.id, surveys_rescheduled: result.surveys_rescheduled },
      });
      return ok(result);
    },
  );

  routes.get(
    API_PATHS.surgery.list,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSurgeryList },
      schema: {
        tags,
        summary: "The participant's surgeries, latest surgery date first",
        querystring: surgeryListQuerySchema,
        response: {
          200: successEnvelope(surgeryListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.query.user_id;
      return ok(
        await auditedParticipantRead(request, id, (audit) => surgery.auditedList(id, audit)),
      );
    },
  );
}
