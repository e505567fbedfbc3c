import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  assignableStaffSchema,
  assignResponsibleResultSchema,
  assignResponsibleSchema,
  participantCareTeamSchema,
} from '@recovery-portal/contract/care-team';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantPathSchema } from '@recovery-portal/contract/profile';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedWithin, auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { assignResponsible, listAssignableStaff, participantCareTeam } from './care-team.service';

/** Care team (ADR 0018): clinicians only, like the participant screens; every call audited. */
export function registerCareTeamRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['care team'];

  routes.get(
    API_PATHS.careTeam.staff,
    {
      config: { ...config, audit: AUDIT_ACTIONS.careTeamStaffList },
      schema: {
        tags,
        summary:
          'Active clinicians and administrators, who can be made responsible or given a task',
        response: { 200: successEnvelope(assignableStaffSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      ok(
        await auditedWithin(request, { subjectType: 'staff_list' }, (audit) =>
          listAssignableStaff(db, audit),
        ),
      ),
  );

  routes.post(
    API_PATHS.careTeam.assign,
    {
      config: { ...config, audit: AUDIT_ACTIONS.careTeamAssign },
      schema: {
        tags,
        summary: 'Makes a staff member responsible for participants (null: nobody); all or nothing',
        body: assignResponsibleSchema,
        response: {
          200: successEnvelope(assignResponsibleResultSchema),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const { result, previous } = await assignResponsible(db, request.body);
      for (const participantId of result.participant_ids) {
        await auditRequest(db, request, {
          subjectType: 'participant',
          subjectId: participantId,
          details: {
            from: previous.get(participantId) ?? null,
            to: result.responsible?.id ?? null,
            bulk: result.participant_ids.length > 1,
          },
        });
      }
      return ok(result);
    },
  );

  routes.get(
    API_PATHS.careTeam.participant(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantCareTeamView },
      schema: {
        tags,
        summary: "The participant's responsible clinician",
        params: participantPathSchema,
        response: {
          200: successEnvelope(participantCareTeamSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(
        await auditedParticipantRead(request, id, (audit) => participantCareTeam(db, id, audit)),
      );
    },
  );
}
