/** The longest part a filter value adds to a file name. */
const MAX_PART_LENGTH = 40;

/** Text as a file-name part: lower-case letters and digits joined by '-' ('Knee Recovery' → 'knee-recovery'). */
export function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_PART_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * A download's file name after what it holds and the filter that narrowed it, then the day:
 * outcome-scores-pilot-active-group-knee-recovery-2026-11-26.csv. Parts that are empty once made
 * file-safe are left out. Callers name a search only as 'search', never its words: a file name
 * travels further than the file (download lists, mail), and the words may be a patient's name.
 */
export function exportFileName(
  base: string,
  filters: readonly (string | null | undefined | false)[],
  isoDate: string,
): string {
  const parts = filters.flatMap((part) => (part ? [fileNamePart(part)] : [])).filter(Boolean);
  return [base, ...parts, isoDate].join('-') + '.csv';
}

/** A date range as a file-name part: 'from-2026-01-01-to-2026-03-31', 'to-2026-03-31'. */
export function rangePart(
  name: string,
  from: string | null | undefined,
  to: string | null | undefined,
): string | null {
  if (!from && !to) return null;
  return [name, from ? `from ${from}` : '', to ? `to ${to}` : ''].filter(Boolean).join(' ');
}
