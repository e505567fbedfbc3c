import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  clearedSignInThrottleSchema,
  clearSignInThrottleRequestSchema,
  signInThrottleListSchema,
  THROTTLE_MESSAGES,
} from '@recovery-portal/contract/sign-in-throttles';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedWithin, auditRequest } from '#app/core/audit/request-audit';
import { createSignInThrottleService } from './sign-in-throttles.service';

/** Administrators see who is being slowed down after failed sign-ins, and lift it. */
export function registerSignInThrottleRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: Config },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const throttles = createSignInThrottleService(deps.db, deps.config);
  const access = ['ADMINISTRATOR'] as const;
  const tags = ['account'];

  routes.get(
    API_PATHS.staff.signInThrottles,
    {
      config: { access, audit: AUDIT_ACTIONS.signInThrottlesList },
      schema: {
        tags,
        summary: 'Accounts and addresses with failed sign-ins in the throttle window',
        response: { 200: successEnvelope(signInThrottleListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => throttles.list(audit))),
  );

  routes.post(
    API_PATHS.staff.signInThrottlesClear,
    {
      config: { access, audit: AUDIT_ACTIONS.signInThrottleClear },
      schema: {
        tags,
        summary: 'Forget the failed sign-ins of an account at an address, or of an address',
        body: clearSignInThrottleRequestSchema,
        response: {
          200: successEnvelope(clearedSignInThrottleSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { email, client_address: clientAddress } = request.body;
      const cleared = await throttles.clear({ email, clientAddress });
      if (cleared === 0) throw notFound(THROTTLE_MESSAGES.notFound);
      await auditRequest(deps.db, request, {
        details: { email, client_address: clientAddress, cleared },
      });
      return ok({ cleared, message: THROTTLE_MESSAGES.cleared });
    },
  );
}
