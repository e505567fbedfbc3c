import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantPathSchema } from '@recovery-portal/contract/profile';
import { reportQuerySchema, type ReportPaper } from '@recovery-portal/contract/report';
import type { Database } from '#app/db/client';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { auditRequest } from '#app/core/audit/request-audit';
import type { ReportSources } from './report-data';
import { createReportService } from './report.service';

/** The printable recovery report (ADR 0019): clinicians only, one audit row per download. */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: { db: Database; sources: ReportSources; defaultPaper: ReportPaper },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const reports = createReportService(deps);

  routes.get(
    API_PATHS.user.report(':id'),
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantReportDownload },
      schema: {
        tags: ['participant details'],
        summary:
          "The participant's recovery report as a PDF (A4 or US Letter): identification, surgery, outcome charts, adherence, pain, flags and the last review",
        params: participantPathSchema,
        querystring: reportQuerySchema,
        produces: ['application/pdf'],
        response: {
          200: fileResponse('application/pdf', 'The report, as an attachment'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const report = await reports.recoveryReport(id, request.query.paper);
      await auditRequest(deps.db, request, {
        subjectType: 'participant',
        subjectId: id,
        details: { paper: report.paper },
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .header('cache-control', 'no-store')
        .send(report.pdf);
    },
  );
}
