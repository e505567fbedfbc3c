import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { recoveryReportFileName } from '@recovery-portal/contract/report';
import type { ReportPaper } from '@recovery-portal/contract/report';
import { apiDownload } from '#app/lib/api/download.ts';
import { toApiDate } from '#app/lib/format.ts';
import { saveFile } from '#app/lib/save-file.ts';

/**
 * GET /api/user/id/{id}/report on the chosen paper, fetched with the bearer token as a file and
 * offered to the user as a download. Returns the file name.
 */
export async function downloadReport(request: {
  participantId: number;
  paper: ReportPaper;
}): Promise<string> {
  const file = await apiDownload(API_PATHS.user.report(request.participantId), {
    query: { paper: request.paper },
    accept: 'application/pdf',
  });
  const fileName = file.fileName ?? recoveryReportFileName(request.participantId, toApiDate());
  saveFile(file.blob, fileName);
  return fileName;
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
