import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  programmeOutcomesFileName,
  programmeOutcomesParams,
  type ProgrammeOutcomesQuery,
} from '@recovery-portal/contract/programme-outcomes';
import { apiDownload } from '#app/lib/api/download.ts';
import { toApiDate } from '#app/lib/format.ts';
import { saveFile } from '#app/lib/save-file.ts';

/** The programme outcomes' files: CSV, or FHIR R4 MeasureReports. */
export type ProgrammeFileFormat = 'csv' | 'fhir';

const FILES = {
  csv: { path: API_PATHS.outcomes.programmeCsv, accept: 'text/csv', extension: 'csv' },
  fhir: {
    path: API_PATHS.outcomes.programmeFhir,
    accept: 'application/fhir+json',
    extension: 'json',
  },
} as const;

/**
 * GET the programme outcomes as a file with the screen's filters, fetched with the bearer token
 * and offered to the user as a download; resolves to the file's name.
 */
export async function downloadProgrammeOutcomes(input: {
  query: ProgrammeOutcomesQuery;
  format: ProgrammeFileFormat;
}): Promise<string> {
  const file = FILES[input.format];
  const downloaded = await apiDownload(file.path, {
    query: programmeOutcomesParams(input.query),
    accept: file.accept,
  });
  const fileName = downloaded.fileName ?? programmeOutcomesFileName(toApiDate(), file.extension);
  saveFile(downloaded.blob, fileName);
  return fileName;
}

export function useDownloadProgrammeOutcomes() {
  return useMutation({ mutationFn: downloadProgrammeOutcomes });
}
