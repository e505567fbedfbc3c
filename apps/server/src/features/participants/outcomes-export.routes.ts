import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  outcomeExportFileName,
  outcomeExportQuerySchema,
} from '@recovery-portal/contract/cohort-export';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { currentStaff } from '#app/plugins/auth';
import { auditOf } from '#app/core/audit/request-audit';
import { createCohortExportService } from './outcomes-export.service';

/** The participants list's outcome export (issue 22 'Cohort export'): clinicians only. */
export function registerCohortExportRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cohort = createCohortExportService(db);

  routes.get(
    API_PATHS.user.outcomesExport,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantsOutcomesExport },
      schema: {
        tags: ['participants'],
        summary:
          "Published outcome scores per participant and timepoint for the participant list's filter, as a CSV download (UTF-8, RFC 4180), streamed",
        querystring: outcomeExportQuerySchema,
        // No response schema: the body is a stream of CSV text (failures are still the envelope).
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await cohort.exportCsv(
        request.query,
        currentStaff(request).id,
        auditOf(db, request),
      );
      const fileName = outcomeExportFileName(new Date().toISOString().slice(0, 10));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
