import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow } from './csv';

describe('csv cells', () => {
  it('plain text and numbers are written as they are', () => {
    expect(csvCell('Walk for 10 minutes')).toBe('Walk for 10 minutes');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('a cell with a comma, quote or line break is quoted and its quotes doubled', () => {
    expect(csvCell('knee, left')).toBe('"knee, left"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it('a spreadsheet never runs a cell as a formula', () => {
    expect(csvCell('=cmd|/C calc!A0')).toBe("'=cmd|/C calc!A0");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    // A formula that also needs quoting gets both treatments.
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the first character counts.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('unicode text passes through untouched', () => {
    expect(csvCell('Zoë 😊 — 膝')).toBe('Zoë 😊 — 膝');
  });
});

describe('csv rows', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null, 7])).toBe('a,"b,c",,7\r\n');
  });

  it('the byte-order mark is the UTF-8 BOM', () => {
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
