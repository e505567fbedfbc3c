import * as z from 'zod/mini';

/**
 * The printable recovery report of one participant (ADR 0019): a PDF the server draws from the
 * same services as the participant details screens.
 */

export const REPORT_PAPERS = ['a4', 'letter'] as const;
export type ReportPaper = (typeof REPORT_PAPERS)[number];

/** Paper sizes in PostScript points (1/72 inch): ISO 216 A4 and ANSI US Letter. */
export const REPORT_PAPER_POINTS: Record<ReportPaper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

export const REPORT_PAPER_LABELS: Record<ReportPaper, string> = {
  a4: 'A4',
  letter: 'US Letter',
};

export const REPORT_MESSAGES = {
  paperInvalid: 'paper must be a4 or letter.',
  downloadFailed: 'The report could not be made. Please try again.',
  downloaded: (fileName: string) => `Report downloaded as ${fileName}.`,
} as const;

/** GET /api/user/id/{id}/report?paper=a4|letter; without paper, the server's REPORT_PAPER. */
export const reportQuerySchema = z.object({
  paper: z.optional(z.enum(REPORT_PAPERS, { error: REPORT_MESSAGES.paperInvalid })),
});

/** The file name: the participant's id and the day, nothing else that identifies them. */
export function recoveryReportFileName(participantId: number, isoDate: string): string {
  return `recovery-report-${participantId}-${isoDate}.pdf`;
}
