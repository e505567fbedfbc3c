import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantQuerySchema } from '@recovery-portal/contract/profile';
import { surveyResponseListSchema } from '@recovery-portal/contract/survey-responses';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { todayUtc } from '#app/core/days';
import { createSurveyService } from './surveys.service';

/** The surveys table on the profile (spec §2 'Surveys table'): clinicians only. */
export function registerSurveyRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const surveys = createSurveyService(db);

  routes.get(
    API_PATHS.nudge.surveyResponses,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantSurveysView },
      schema: {
        tags: ['participant details'],
        summary: "The participant's scheduled surveys with questions, answers and status",
        querystring: participantQuerySchema,
        response: {
          200: successEnvelope(surveyResponseListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.query.user_id;
      const today = todayUtc();
      return ok(
        await auditedParticipantRead(request, id, (audit) => surveys.responses(id, today, audit)),
      );
    },
  );
}
