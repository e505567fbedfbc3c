import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  cohortExportFileName,
  cohortExportQuerySchema,
} from '@recovery-portal/contract/cohort-export';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { sendCsvDownload } from '#app/lib/csv-download';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin } from '#app/core/audit/request-audit';
import { createCohortExportService, setFilters } from './cohort-export.service';

/** The participants list's outcome export (ADR 0019 'Cohort export'): clinicians only. */
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
        querystring: cohortExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: fileResponse(
            'text/csv',
            'The outcome scores as CSV text (UTF-8, RFC 4180), streamed',
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const entry = {
        subjectType: 'participant_list' as const,
        details: { filters: setFilters(request.query) },
      };
      const csv = await auditedWithin(request, entry, (audit) =>
        cohort.exportCsv(request.query, currentStaff(request).id, audit),
      );
      return sendCsvDownload(reply, (day) => cohortExportFileName(request.query, day), csv);
    },
  );
}
