import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  logoutRequestSchema,
  tokenPairSchema,
  tokenRequestSchema,
} from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  revokedSessionsSchema,
  staffSessionListSchema,
  staffSessionParamsSchema,
  staffSessionsParamsSchema,
} from '@recovery-portal/contract/clinicians';
import { messageSchema, successEnvelope } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditOf } from '#app/core/audit/request-audit';
import { callerOf } from '#app/core/caller';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import { createSessionRenewal } from './session-renewal.service';
import { createStaffSessionService } from './staff-sessions.service';

/**
 * Staff sessions: renewing and ending one's own (public: the refresh token is the proof), and
 * administrators listing and revoking a staff member's.
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: Config; signIn: Pick<StaffSignIn, 'issueTokens'> },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const renewal = createSessionRenewal(deps);
  const sessions = createStaffSessionService(deps.db, deps.config.idleTimeoutMinutes);
  const administrators = ['ADMINISTRATOR'] as const;

  routes.post(
    API_PATHS.account.token,
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Exchange a refresh token for a new token pair',
        body: tokenRequestSchema,
        response: { 200: successEnvelope(tokenPairSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(await renewal.refresh(request.body.refresh_token, callerOf(request))),
  );

  routes.post(
    API_PATHS.account.logout,
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Revoke the session of a refresh token',
        body: logoutRequestSchema,
        response: { 200: successEnvelope(messageSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      await renewal.logout(request.body.refresh_token, callerOf(request));
      return ok({ message: MESSAGES.account.loggedOut });
    },
  );

  routes.get(
    API_PATHS.staff.sessions(':id'),
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.staffSessionsList },
      schema: {
        tags: ['clinicians'],
        summary: "A staff member's live sign-in sessions, most recently used first",
        params: staffSessionsParamsSchema,
        response: {
          200: successEnvelope(staffSessionListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await sessions.list(request.params.id, auditOf(deps.db, request))),
  );

  routes.delete(
    API_PATHS.staff.session(':id', ':sessionId'),
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.staffSessionRevoke },
      schema: {
        tags: ['clinicians'],
        summary: 'Revoke one session: its refresh and access tokens stop working at once',
        params: staffSessionParamsSchema,
        response: {
          200: successEnvelope(revokedSessionsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await sessions.revoke(
          request.params.id,
          request.params.sessionId,
          auditOf(deps.db, request),
        ),
      ),
  );

  routes.delete(
    API_PATHS.staff.sessions(':id'),
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.staffSessionsRevokeAll },
      schema: {
        tags: ['clinicians'],
        summary: 'Revoke every session of a staff member at once',
        params: staffSessionsParamsSchema,
        response: {
          200: successEnvelope(revokedSessionsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await sessions.revokeAll(request.params.id, auditOf(deps.db, request))),
  );
}
