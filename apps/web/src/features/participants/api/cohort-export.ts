import { useMutation } from '@tanstack/react-query';
import { cohortExportFileName, cohortExportParams } from '@recovery-portal/contract/cohort-export';
import type { ParticipantListQuery } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiDownload } from '#app/lib/api/download.ts';
import { toApiDate } from '#app/lib/format.ts';
import { saveFile } from '#app/lib/save-file.ts';

/**
 * GET /api/user/outcomes-export with the list's filters (not its paging or sort), fetched with
 * the bearer token as a file and offered to the user as a download.
 */
export async function exportCohort(query: ParticipantListQuery): Promise<string> {
  const file = await apiDownload(API_PATHS.user.outcomesExport, {
    query: cohortExportParams(query),
    accept: 'text/csv',
  });
  const fileName = file.fileName ?? cohortExportFileName(query, toApiDate());
  saveFile(file.blob, fileName);
  return fileName;
}

export function useCohortExport() {
  return useMutation({ mutationFn: exportCohort });
}
