import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  inviteParticipantSchema,
  participantActionSchema,
  participantDeletedSchema,
  participantIdParamsSchema,
  participantListQuerySchema,
  participantListResponseSchema,
  participantListRowSchema,
  updateParticipantTypeSchema,
  userGroupListSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { ok, sendJsonText } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import type { Mailer } from '#app/mail/mailer';
import { pendingSessionOf } from '#app/plugins/auth';
import { auditedOnceAdmitted, auditedWithin, auditRequest } from '#app/core/audit/request-audit';
import { createParticipantService } from './participants.service';

/** Participant management (spec §2 'Participants list', §7): clinicians only, every call audited. */
export function registerParticipantRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: Config; mailer: Mailer },
) {
  const { db } = deps;
  const participants = createParticipantService({ ...deps, logger: app.log });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['participants'];
  const rowResponse = {
    200: successEnvelope(participantListRowSchema),
    ...errorResponses(400, 401, 403, 404, 409, 503),
  };

  routes.post(
    API_PATHS.user.list,
    {
      config: {
        ...config,
        audit: AUDIT_ACTIONS.participantsList,
        readOnly: true,
        sessionInStatement: true,
      },
      schema: {
        tags,
        summary: 'List participants: search, filter, sort and page',
        body: participantListQuerySchema,
        response: {
          200: successEnvelope(participantListResponseSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const result = await auditedOnceAdmitted(
        request,
        {
          subjectType: 'participant_list',
          // The parsed query: the schema drops unknown keys and fills every default, so the row
          // holds exactly the query state the page was read with. The statement reading the
          // rows adds the ids it returned (`returned`).
          details: { query: request.body },
        },
        (audit) => participants.list(request.body, pendingSessionOf(request), audit),
      );
      return sendJsonText(reply, result);
    },
  );

  routes.get(
    API_PATHS.user.groups,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantGroupsList },
      schema: {
        tags,
        summary: 'List user groups by name',
        response: { 200: successEnvelope(userGroupListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => participants.groups(audit))),
  );

  routes.post(
    API_PATHS.user.create,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantInvite },
      schema: {
        tags,
        summary: 'Invite a participant: creates the account pending activation and emails them',
        body: inviteParticipantSchema,
        response: {
          200: successEnvelope(participantListRowSchema),
          ...errorResponses(400, 401, 403, 409, 422, 503),
        },
      },
    },
    async (request) => {
      const row = await participants.invite(request.body);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: row.id,
        details: { type: row.type, group: row.group },
      });
      return ok(row);
    },
  );

  routes.post(
    API_PATHS.account.remind,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantRemind },
      schema: {
        tags,
        summary: 'Email a reminder to an invited participant',
        body: participantActionSchema,
        response: rowResponse,
      },
    },
    async (request) => {
      const row = await participants.remind(request.body.user_id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: row.id,
        details: { next_remind_date: row.next_remind_date },
      });
      return ok(row);
    },
  );

  routes.patch(
    API_PATHS.account.suspend,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSuspend },
      schema: {
        tags,
        summary: 'Suspend an active participant',
        body: participantActionSchema,
        response: rowResponse,
      },
    },
    async (request) => {
      const row = await participants.suspend(request.body.user_id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: row.id,
      });
      return ok(row);
    },
  );

  routes.patch(
    API_PATHS.account.resume,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantResume },
      schema: {
        tags,
        summary: 'Reactivate a suspended participant',
        body: participantActionSchema,
        response: rowResponse,
      },
    },
    async (request) => {
      const row = await participants.resume(request.body.user_id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: row.id,
      });
      return ok(row);
    },
  );

  routes.delete(
    API_PATHS.account.deleteParticipant(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantDelete },
      schema: {
        tags,
        summary: 'Delete a participant and all their data',
        params: participantIdParamsSchema,
        response: {
          200: successEnvelope(participantDeletedSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const removed = await participants.remove(id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: id,
        details: removed,
      });
      return ok({ id, message: MESSAGES.participants.deleteSuccess });
    },
  );

  routes.patch(
    API_PATHS.user.userType,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantTypeUpdate },
      schema: {
        tags,
        summary: 'Change a participant’s type (Internal, Pilot, Demo)',
        body: updateParticipantTypeSchema,
        response: rowResponse,
      },
    },
    async (request) => {
      const { row, previous } = await participants.changeType(
        request.body.user_id,
        request.body.user_type,
      );
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: row.id,
        details: { from: previous, to: row.type },
      });
      return ok(row);
    },
  );
}
