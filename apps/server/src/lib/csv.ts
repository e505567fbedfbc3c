/**
 * Minimal CSV writing (RFC 4180) for exports that staff open in spreadsheet programs.
 * Pure functions, no I/O.
 */

/** Byte-order mark first, so Excel reads the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet treat a cell as a formula (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: text starting with = + - @ (or tab / CR) gets a leading single quote so it is never
 * run as a formula; text with a comma, quote or line break is quoted with quotes doubled.
 * Numbers are written as they are (a negative number is data, not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}
