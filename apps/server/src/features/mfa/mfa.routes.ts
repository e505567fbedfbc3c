import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { messageSchema, successEnvelope } from '@recovery-portal/contract/envelope';
import {
  MFA_MESSAGES,
  mfaChallengeEnrolConfirmSchema,
  mfaChallengeEnrolStartSchema,
  mfaConfirmRequestSchema,
  mfaEnrolledLoginSchema,
  mfaEnrolmentSchema,
  mfaPolicyRequestSchema,
  mfaPolicySchema,
  mfaProofSchema,
  mfaStaffParamsSchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  recoveryCodesSchema,
} from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { callerOf } from '#app/core/caller';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin, auditOf } from '#app/core/audit/request-audit';
import type { DeviceCookies } from '#app/core/sign-in/device-cookies';
import type { MfaService } from './mfa.service';

/** Two-step sign-in: the sign-in step, each staff member's own setup, the policy. */
export function registerMfaRoutes(
  app: FastifyInstance,
  deps: { db: Database; mfa: MfaService; devices: DeviceCookies },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mfa, devices } = deps;
  const tags = ['two-step sign-in'];
  const publicRoute = { access: 'public' } as const;

  routes.post(
    API_PATHS.mfa.verify,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Complete a sign-in with a code from the authenticator app or a recovery code',
        body: mfaVerifyRequestSchema,
        response: {
          200: successEnvelope(loginResponseSchema),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, code } = request.body;
      const session = await mfa.verifyChallenge(token, code, devices.callerOf(request));
      devices.remember(request, reply, session.user.id);
      return ok(session);
    },
  );

  routes.post(
    API_PATHS.mfa.enrolStart,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Required setup during sign-in: the secret and QR code for the authenticator app',
        body: mfaChallengeEnrolStartSchema,
        response: {
          200: successEnvelope(mfaEnrolmentSchema),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) =>
      ok(await mfa.startChallengeEnrolment(request.body.challenge_token, callerOf(request))),
  );

  routes.post(
    API_PATHS.mfa.enrolConfirm,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Required setup during sign-in: the first code turns it on and completes the sign-in',
        body: mfaChallengeEnrolConfirmSchema,
        response: {
          200: successEnvelope(mfaEnrolledLoginSchema),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, code } = request.body;
      const session = await mfa.confirmChallengeEnrolment(token, code, devices.callerOf(request));
      devices.remember(request, reply, session.user.id);
      return ok(session);
    },
  );

  routes.get(
    API_PATHS.mfa.status,
    {
      config: { access: 'staff', audit: AUDIT_ACTIONS.mfaStatusView },
      schema: {
        tags,
        summary: "The signed-in staff member's two-step sign-in settings",
        response: { 200: successEnvelope(mfaStatusSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const entry = { subjectType: 'user', subjectId: staff.id } as const;
      return ok(await auditedWithin(request, entry, (audit) => mfa.status(staff, audit)));
    },
  );

  routes.post(
    API_PATHS.mfa.setup,
    {
      config: { access: 'staff', audit: AUDIT_ACTIONS.mfaEnrolStart },
      schema: {
        tags,
        summary: 'Start setting up two-step sign-in: the secret and QR code for the app',
        response: { 200: successEnvelope(mfaEnrolmentSchema), ...errorResponses(401, 409) },
      },
    },
    async (request) => ok(await mfa.startSetup(currentStaff(request), auditOf(deps.db, request))),
  );

  routes.post(
    API_PATHS.mfa.confirm,
    {
      config: { access: 'staff', audit: AUDIT_ACTIONS.mfaEnrol },
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with the first code; answers the recovery codes once',
        body: mfaConfirmRequestSchema,
        response: {
          200: successEnvelope(recoveryCodesSchema),
          ...errorResponses(400, 401, 409, 422, 429),
        },
      },
    },
    async (request) =>
      ok(
        await mfa.confirmSetup(
          currentStaff(request),
          request.body.code,
          devices.callerOf(request),
          auditOf(deps.db, request),
        ),
      ),
  );

  routes.post(
    API_PATHS.mfa.disable,
    {
      config: { access: 'staff', audit: AUDIT_ACTIONS.mfaDisable },
      schema: {
        tags,
        summary: 'Turn two-step sign-in off, confirmed with the password or a current code',
        body: mfaProofSchema,
        response: {
          200: successEnvelope(messageSchema),
          ...errorResponses(400, 401, 409, 422, 429),
        },
      },
    },
    async (request) => {
      await mfa.disable(
        currentStaff(request),
        request.body,
        devices.callerOf(request),
        auditOf(deps.db, request),
      );
      return ok({ message: MFA_MESSAGES.disabled });
    },
  );

  routes.post(
    API_PATHS.mfa.recoveryCodes,
    {
      config: { access: 'staff', audit: AUDIT_ACTIONS.mfaRecoveryCodesRegenerate },
      schema: {
        tags,
        summary: 'Replace the recovery codes, confirmed with the password or a current code',
        body: mfaProofSchema,
        response: {
          200: successEnvelope(recoveryCodesSchema),
          ...errorResponses(400, 401, 409, 422, 429),
        },
      },
    },
    async (request) =>
      ok(
        await mfa.regenerateRecoveryCodes(
          currentStaff(request),
          request.body,
          devices.callerOf(request),
          auditOf(deps.db, request),
        ),
      ),
  );

  const administrators = ['ADMINISTRATOR'] as const;

  routes.get(
    API_PATHS.mfa.policy,
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.mfaPolicyView },
      schema: {
        tags,
        summary: 'Whether two-step sign-in is required for all staff, and who has set it up',
        response: { 200: successEnvelope(mfaPolicySchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => mfa.policy(audit))),
  );

  routes.put(
    API_PATHS.mfa.policy,
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.mfaRequirementChange },
      schema: {
        tags,
        summary: 'Require two-step sign-in for all staff, or stop requiring it',
        body: mfaPolicyRequestSchema,
        response: {
          200: successEnvelope(mfaPolicySchema),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request) =>
      ok(
        await mfa.setRequired(
          currentStaff(request),
          request.body.required_for_staff,
          auditOf(deps.db, request),
        ),
      ),
  );

  routes.delete(
    API_PATHS.mfa.staff(':id'),
    {
      config: { access: administrators, audit: AUDIT_ACTIONS.mfaReset },
      schema: {
        tags,
        summary: "Turn off a staff member's two-step sign-in (a lost phone)",
        params: mfaStaffParamsSchema,
        response: {
          200: successEnvelope(messageSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await mfa.resetStaff(request.params.id, auditOf(deps.db, request));
      return ok({ message: MFA_MESSAGES.staffReset });
    },
  );
}
