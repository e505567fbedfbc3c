/**
 * Minimal CSV writing (RFC 4180) for exports that staff open in spreadsheet programs.
 * Pure functions, no I/O.
 */

/** Byte-order mark first, so Excel reads the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** A number with a fixed count of decimals (39.90, 0.00), made by csvDecimal. */
export interface CsvDecimal {
  readonly decimal: string;
}

export type CsvValue = string | number | CsvDecimal | null | undefined;

/**
 * A number written with exactly `decimals` decimals, as an instrument reports it (39.90, not
 * 39.9): data, never a formula, whatever its sign. Null stays an empty cell.
 */
export function csvDecimal(value: number | null, decimals: number): CsvDecimal | null {
  if (value === null || !Number.isFinite(value)) return null;
  const text = value.toFixed(decimals);
  // -0.001 would print as -0.00: a change that rounds to nothing has no sign.
  return { decimal: Number(text) === 0 ? (0).toFixed(decimals) : text };
}

/**
 * A character that makes a spreadsheet treat a cell as a formula (OWASP 'CSV injection') at the
 * start of the text or just after a comma or semicolon: many locales split CSV on `;`, and a
 * program that splits without honouring quotes starts a new cell after either.
 */
const FORMULA_START = /(?<=^|[,;])[=+\-@\t\r]/g;
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One cell: each = + - @ (or tab / CR) that starts the text or follows a comma or semicolon gets
 * a single quote before it, so no part is ever run as a formula; text with a comma, semicolon,
 * quote or line break is quoted with quotes doubled. Numbers are written as they are (a negative
 * number is data, not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object') return value.decimal;
  const safe = value.replace(FORMULA_START, "'$&");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}
