import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  participantThresholdsQuerySchema,
  participantThresholdsSchema,
  updateThresholdsRequestSchema,
} from '@recovery-portal/contract/thresholds';
import { afterCommit } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createThresholdService } from './thresholds.service';

/** Re-reads these participants' recent data under their new thresholds (the triage scanner). */
type Rescan = (userIds: readonly number[]) => Promise<unknown>;

/** A participant's alert thresholds (ADR 0010 'Threshold alerts'): clinicians only, audited. */
export function registerThresholdRoutes(
  app: FastifyInstance,
  deps: { db: Database; rescan: Rescan },
) {
  const { db, rescan } = deps;
  const thresholds = createThresholdService(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['thresholds'];

  routes.get(
    API_PATHS.thresholds.participant,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantThresholdsView },
      schema: {
        tags,
        summary:
          "A participant's threshold rules: effective setting, programme default, whether overridden",
        querystring: participantThresholdsQuerySchema,
        response: {
          200: successEnvelope(participantThresholdsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.query.user_id;
      return ok(await auditedParticipantRead(request, id, (audit) => thresholds.get(id, audit)));
    },
  );

  routes.put(
    API_PATHS.thresholds.participant,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantThresholdsUpdate },
      schema: {
        tags,
        summary:
          "Overrides a participant's threshold rules (override null: back to the programme default)",
        body: updateThresholdsRequestSchema,
        response: {
          200: successEnvelope(participantThresholdsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id, rules } = request.body;
      const data = await thresholds.update(user_id, rules, currentStaff(request).id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: user_id,
        details: { changes: rules },
      });
      // The new limits apply to the recent readings at once, not only to the next ones: rescan
      // once they have committed, before answering.
      await afterCommit(() =>
        rescan([user_id]).then(
          () => undefined,
          (err: unknown) =>
            request.log.error({ err }, 'Rescanning after a threshold change failed'),
        ),
      );
      return ok(data);
    },
  );
}
