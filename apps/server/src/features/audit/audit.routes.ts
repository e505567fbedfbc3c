import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_ACTIONS,
  auditExportFileName,
  auditExportQuerySchema,
  auditListRequestSchema,
  auditListResponseSchema,
} from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { sendCsvDownload } from '#app/lib/csv-download';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { createAuditService, setFilters } from './audit.service';
import { auditedWithin, auditOf } from '#app/core/audit/request-audit';

/** The Audit log screen's API, for administrators only (ADR 0011 'Audit trail'). */
export function registerAuditRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createAuditService(db);
  const access = ['ADMINISTRATOR'] as const;
  const tags = ['audit'];

  routes.post(
    API_PATHS.audit.list,
    {
      config: { access, audit: AUDIT_ACTIONS.auditList, readOnly: true },
      schema: {
        tags,
        summary:
          'A page of the audit trail, newest first, filtered by actor, participant, action and time',
        body: auditListRequestSchema,
        response: {
          200: successEnvelope(auditListResponseSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const audit = auditOf(db, request);
      return ok(await service.list(request.body, audit));
    },
  );

  routes.get(
    API_PATHS.audit.export,
    {
      config: { access, audit: AUDIT_ACTIONS.auditExport },
      schema: {
        tags,
        summary: 'The filtered audit trail as a CSV download (UTF-8, RFC 4180), streamed',
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: fileResponse('text/csv', 'The audit rows as CSV text (UTF-8, RFC 4180), streamed'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const details = { filters: setFilters(request.query) };
      const csv = await auditedWithin(request, { details }, (audit) =>
        service.exportCsv(request.query, audit),
      );
      return sendCsvDownload(reply, (day) => auditExportFileName(request.query, day), csv);
    },
  );
}
