import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  lastPainLogsRequestSchema,
  painLogListSchema,
  painLogSchema,
  reportPainRequestSchema,
} from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { requireParticipant } from '#app/core/participant-lookup';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { insertPainLogs } from '#app/core/pain-logs';
import { auditedLastPainLogs } from './pain.repository';

/** Pain reports (spec §7 'Surgery and pain'): clinicians only. */
export function registerPainRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['pain'];

  routes.post(
    API_PATHS.pain.report,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantPainRecord },
      schema: {
        tags,
        summary: 'Records a pain score (0–10) with its time (default now), body site and note',
        body: reportPainRequestSchema,
        response: { 200: successEnvelope(painLogSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user_id, score, recorded_at, body_site, note } = request.body;
      await requireParticipant(db, user_id);
      const staff = currentStaff(request);
      const [log] = await insertPainLogs(db, [
        {
          userId: user_id,
          score,
          recordedAt: recorded_at ? new Date(recorded_at) : new Date(),
          bodySite: body_site,
          note,
          source: 'CLINICIAN',
          recordedBy: staff.id,
        },
      ]);
      if (!log) throw new Error('insert returned no row');
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: user_id,
        details: { pain_log_id: log.id },
      });
      return ok(log);
    },
  );

  routes.post(
    API_PATHS.pain.lastN,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantPainList, readOnly: true },
      schema: {
        tags,
        summary: "The participant's last n pain reports (1–200), newest first",
        body: lastPainLogsRequestSchema,
        response: {
          200: successEnvelope(painLogListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id, n } = request.body;
      return ok(
        await auditedParticipantRead(
          request,
          user_id,
          (audit) => auditedLastPainLogs(db, user_id, n, audit),
          { n },
        ),
      );
    },
  );
}
