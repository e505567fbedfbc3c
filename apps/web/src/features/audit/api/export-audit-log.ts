import { useMutation } from '@tanstack/react-query';
import { auditExportFileName, auditExportParams } from '@recovery-portal/contract/audit';
import type { AuditListRequest } from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiDownload } from '#app/lib/api/download.ts';
import { toApiDate } from '#app/lib/format.ts';
import { saveFile } from '#app/lib/save-file.ts';

/**
 * GET /api/audit/export with the screen's filters (not its paging), fetched with the bearer
 * token as a file and offered to the user as a download.
 */
export async function exportAuditLog(request: AuditListRequest): Promise<string> {
  const file = await apiDownload(API_PATHS.audit.export, {
    query: auditExportParams(request),
    accept: 'text/csv',
  });
  const fileName = file.fileName ?? auditExportFileName(request, toApiDate());
  saveFile(file.blob, fileName);
  return fileName;
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
