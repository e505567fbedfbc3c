import { recoveryReportFileName, type ReportPaper } from '@recovery-portal/contract/report';
import type { Database } from '#app/db/client';
import { renderPdf } from './pdf';
import { createReportDataService, type ReportSources } from './report-data';
import { reportDocument } from './report-document';

export function createReportService(deps: {
  db: Database;
  sources: ReportSources;
  defaultPaper: ReportPaper;
}) {
  const data = createReportDataService(deps);
  return {
    /** The participant's recovery report as a PDF; NOT_FOUND for an unknown participant. */
    async recoveryReport(
      participantId: number,
      paper: ReportPaper | undefined,
    ): Promise<{ pdf: Buffer; fileName: string; paper: ReportPaper }> {
      const report = await data.collect(participantId);
      const chosen = paper ?? deps.defaultPaper;
      const pdf = await renderPdf(reportDocument(report, chosen));
      const fileName = recoveryReportFileName(
        participantId,
        report.generatedAt.toISOString().slice(0, 10),
      );
      return { pdf, fileName, paper: chosen };
    },
  };
}
