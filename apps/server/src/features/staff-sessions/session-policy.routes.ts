import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { sessionPolicySchema } from '@recovery-portal/contract/session-policy';
import { ok } from '#app/lib/envelope';

/** The idle logoff period (IDLE_TIMEOUT_MINUTES), which the portal enforces on screen. */
export function registerSessionPolicyRoute(app: FastifyInstance, idleTimeoutMinutes: number) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.sessionPolicy,
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'The idle period after which the portal signs a user out',
        response: { 200: successEnvelope(sessionPolicySchema) },
      },
    },
    async () => ok({ idle_timeout_minutes: idleTimeoutMinutes }),
  );
}
