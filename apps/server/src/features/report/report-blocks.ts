import type { Content, TableCell } from 'pdfmake';

/** The report's building blocks, shared by its sections. */

export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');
export const minute = (iso: string | null) =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '-';
export const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

export function heading(text: string): Content {
  return { text, style: 'h2', margin: [0, 14, 0, 6] };
}

export function note(text: string): Content {
  return { text, style: 'note', margin: [0, 0, 0, 4] };
}

/** A table with a header row repeated on each page, in the report's light style. */
export function table(header: string[], rows: TableCell[][], widths: (string | number)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      dontBreakRows: true,
      body: [header.map((text) => ({ text, style: 'th' })), ...rows],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8.5,
  };
}
