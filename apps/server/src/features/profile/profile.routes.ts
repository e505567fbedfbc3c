import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  allowDemoModeResponseSchema,
  demoConversationListSchema,
  participantPathSchema,
  participantProfileSchema,
  participantQuerySchema,
  profileConversationListSchema,
  profileNudgeListSchema,
  updateAllowDemoModeSchema,
} from '@recovery-portal/contract/profile';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createProfileService } from './profile.service';

/**
 * The participant details page (spec §2 'Participant details', §7): profile, demo mode, the
 * nudges and coach conversations on the profile. Clinicians only, every call audited.
 */
export function registerProfileRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfileService(db);
  const config = { access: ['CLINICIAN'] } as const;
  /** Audits a read of one participant's list with how many items it returned. */
  const auditListRead = (request: FastifyRequest, id: number, count: number) =>
    auditRequest(db, request, { subjectType: 'participant', subjectId: id, details: { count } });
  const tags = ['participant details'];
  const failures = errorResponses(400, 401, 403, 404);

  routes.get(
    API_PATHS.user.profile(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantProfileView },
      schema: {
        tags,
        summary: 'The participant profile with latest weight and BMI and clinical records',
        params: participantPathSchema,
        response: { 200: successEnvelope(participantProfileSchema), ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await auditedParticipantRead(request, id, (audit) => profiles.profile(id, audit)));
    },
  );

  routes.patch(
    API_PATHS.user.updateAllowDemoMode,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantDemoModeUpdate },
      schema: {
        tags,
        summary: 'Turn demo mode on or off for a participant',
        body: updateAllowDemoModeSchema,
        response: { 200: successEnvelope(allowDemoModeResponseSchema), ...failures },
      },
    },
    async (request) => {
      const { user_id, allow_demo_mode } = request.body;
      const data = await profiles.setAllowDemoMode(user_id, allow_demo_mode);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: user_id,
        details: { allow_demo_mode },
      });
      return ok(data);
    },
  );

  routes.get(
    API_PATHS.nudge.userNudges,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantNudgesView },
      schema: {
        tags,
        summary: "The participant's nudges, ascending target date (the portal reverses them)",
        querystring: participantQuerySchema,
        response: { 200: successEnvelope(profileNudgeListSchema), ...failures },
      },
    },
    async (request) => {
      const id = request.query.user_id;
      return ok(await auditedParticipantRead(request, id, (audit) => profiles.nudges(id, audit)));
    },
  );

  routes.get(
    API_PATHS.chat.chatList(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantConversationsView },
      schema: {
        tags,
        summary:
          "The participant's coach conversations, newest first (markers and chat_threads as JSON text)",
        params: participantPathSchema,
        response: { 200: successEnvelope(profileConversationListSchema), ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await auditedParticipantRead(request, id, (audit) => profiles.conversations(id, audit)),
      );
    },
  );

  routes.get(
    API_PATHS.chat.allConversationsDemo(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantDemoConversationsView },
      schema: {
        tags,
        summary: 'Every conversation of a Demo participant, oldest first; 409 for other types',
        params: participantPathSchema,
        response: {
          200: successEnvelope(demoConversationListSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const data = await profiles.demoConversations(request.params.id);
      await auditListRead(request, request.params.id, data.length);
      return ok(data);
    },
  );
}
