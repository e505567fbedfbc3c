import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  acknowledgeFlagRequestSchema,
  flagListQuerySchema,
  flagListResponseSchema,
  flagSchema,
  participantFlagListSchema,
  participantFlagsQuerySchema,
  type Concern,
} from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createFlagService } from './flags.service';

/** Clinical flags (ADR 0010 'Safety flags'): clinicians only, like the participant screens. */
export function registerFlagRoutes(
  app: FastifyInstance,
  deps: { db: Database; concerns: readonly Concern[] },
) {
  const { db } = deps;
  const flags = createFlagService(deps);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['flags'];

  routes.post(
    API_PATHS.flags.list,
    {
      config: { ...config, audit: AUDIT_ACTIONS.flagList },
      schema: {
        tags,
        summary: 'Open flags of one participant type, most severe then oldest first, paged',
        body: flagListQuerySchema,
        response: {
          200: successEnvelope(flagListResponseSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const result = await flags.listOpen(request.body, currentStaff(request).id);
      await auditRequest(db, request, {
        subjectType: 'flag_list',
        details: { query: request.body, returned: result.flags.map((flag) => flag.id) },
      });
      return ok(result);
    },
  );

  routes.get(
    API_PATHS.flags.participant,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantFlagsView },
      schema: {
        tags,
        summary:
          "A participant's flags: open ones first, then acknowledged with who, when and note",
        querystring: participantFlagsQuerySchema,
        response: {
          200: successEnvelope(participantFlagListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id } = request.query;
      const data = await auditedParticipantRead(request, user_id, (audit) =>
        flags.auditedOfParticipant(user_id, audit),
      );
      return ok(data);
    },
  );

  routes.post(
    API_PATHS.flags.acknowledge,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantFlagAcknowledge },
      schema: {
        tags,
        summary: 'Acknowledges an open flag with an optional note; 409 when already acknowledged',
        body: acknowledgeFlagRequestSchema,
        response: {
          200: successEnvelope(flagSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { flag_id, note } = request.body;
      const flag = await flags.acknowledge(flag_id, currentStaff(request).id, note);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: flag.user_id,
        details: { flag_id, rule: flag.rule, note_given: note !== null },
      });
      return ok(flag);
    },
  );
}
