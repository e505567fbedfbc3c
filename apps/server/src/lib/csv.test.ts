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
    // Inside a part, a formula character is data.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x - y')).toBe('x - y');
  });

  it('a semicolon is quoted, and no part after a comma or semicolon runs as a formula', () => {
    // Many locales split CSV on semicolons: the field stays one quoted cell.
    expect(csvCell('x;y')).toBe('"x;y"');
    expect(csvCell('x;=1+1')).toBe('"x;\'=1+1"');
    expect(csvCell('a,=cmd')).toBe('"a,\'=cmd"');
    expect(csvCell('a;+1;-2;@SUM(A1)')).toBe("\"a;'+1;'-2;'@SUM(A1)\"");
    expect(csvCell('=1;=2')).toBe('"\'=1;\'=2"');
    expect(csvCell('a,\t=1')).toBe('"a,\'\t=1"');
    // A space after the separator keeps a cell text already.
    expect(csvCell('knee; left')).toBe('"knee; left"');
    expect(csvCell('walk 10 min, swim')).toBe('"walk 10 min, swim"');
    // Numbers stay numbers, negative ones included.
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvRow(['x;=1+1', -1.5, 'plain'])).toBe('"x;\'=1+1",-1.5,plain\r\n');
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
