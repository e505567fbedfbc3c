import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  nudgeEffectivenessQuerySchema,
  nudgeEffectivenessSchema,
} from '@recovery-portal/contract/nudge-effectiveness';
import {
  nudgeDetailSchema,
  nudgeExportFileName,
  nudgeExportQuerySchema,
  nudgeListRequestSchema,
  nudgeListResponseSchema,
} from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { idSchema } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { sendCsvDownload } from '#app/lib/csv-download';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { pendingSessionOf } from '#app/plugins/auth';
import { auditedOnceAdmitted, auditedWithin, auditOf } from '#app/core/audit/request-audit';
import { createNudgeEffectivenessService } from './nudge-effectiveness.service';
import { createNudgeService, nudgeExportAudit, nudgeListAudit } from './nudges.service';

export function registerNudgeRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const nudgeService = createNudgeService(db);
  const effectiveness = createNudgeEffectivenessService(db);
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['nudges'];

  routes.post(
    API_PATHS.nudge.list,
    {
      config: {
        ...config,
        audit: AUDIT_ACTIONS.nudgeList,
        readOnly: true,
        sessionInStatement: true,
      },
      schema: {
        tags,
        summary: 'A page of nudges sent to participants, filtered, searched and sorted',
        body: nudgeListRequestSchema,
        response: {
          200: successEnvelope(nudgeListResponseSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      ok(
        await auditedOnceAdmitted(request, nudgeListAudit(request.body), (audit) =>
          nudgeService.list(request.body, pendingSessionOf(request), audit),
        ),
      ),
  );

  // Registered before /:id for readability; the router prefers static segments anyway.
  routes.get(
    API_PATHS.nudge.export,
    {
      config: { ...config, audit: AUDIT_ACTIONS.nudgeExport },
      schema: {
        tags,
        summary: 'The filtered nudge list as a CSV download (UTF-8, RFC 4180), streamed',
        querystring: nudgeExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: fileResponse('text/csv', 'The nudges as CSV text (UTF-8, RFC 4180), streamed'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await auditedWithin(request, nudgeExportAudit(request.query), (audit) =>
        nudgeService.exportCsv(request.query, audit),
      );
      return sendCsvDownload(reply, (day) => nudgeExportFileName(request.query, day), csv);
    },
  );

  routes.get(
    API_PATHS.nudge.effectiveness,
    {
      config: { ...config, audit: AUDIT_ACTIONS.nudgeEffectiveness },
      schema: {
        tags,
        summary:
          'Per nudge title over a period: number sent, shares of thumbs up, thumbs down and no feedback, and open rate',
        querystring: nudgeEffectivenessQuerySchema,
        response: {
          200: successEnvelope(nudgeEffectivenessSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const details = {
        filters: Object.fromEntries(
          Object.entries(request.query).filter(([, value]) => value !== '' && value !== undefined),
        ),
      };
      return ok(
        await auditedWithin(request, { details }, (audit) =>
          effectiveness.effectiveness(request.query, audit),
        ),
      );
    },
  );

  routes.get(
    API_PATHS.nudge.byId(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.nudgeView },
      schema: {
        tags,
        summary: 'One nudge with its participant',
        params: z.object({ id: idSchema }),
        response: {
          200: successEnvelope(nudgeDetailSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const audit = auditOf(db, request);
      return ok(await nudgeService.get(request.params.id, audit));
    },
  );
}
