import { useMutation } from '@tanstack/react-query';
import { nudgeExportFileName, nudgeExportParams } from '@recovery-portal/contract/nudges';
import type { NudgeListRequest } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiDownload } from '#app/lib/api/download.ts';
import { toApiDate } from '#app/lib/format.ts';
import { saveFile } from '#app/lib/save-file.ts';

/**
 * GET /api/nudge/export with the list's filters, search and sort (not its paging), fetched with
 * the bearer token as a file and offered to the user as a download.
 */
export async function exportNudges(state: NudgeListRequest): Promise<string> {
  const file = await apiDownload(API_PATHS.nudge.export, {
    query: nudgeExportParams(state),
    accept: 'text/csv',
  });
  const fileName = file.fileName ?? nudgeExportFileName(state, toApiDate());
  saveFile(file.blob, fileName);
  return fileName;
}

export function useExportNudges() {
  return useMutation({ mutationFn: exportNudges });
}
