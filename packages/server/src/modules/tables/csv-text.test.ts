import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsv, parseCsv } from './csv-text';

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
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.array(
            fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '😀') }), {
              minLength: width,
              maxLength: width,
            }),
            { minLength: 1, maxLength: 10 },
          ),
        ),
        (rows) => {
          // A row of one empty cell is an empty line, which CSV cannot tell from no row.
          fc.pre(rows.every((row) => !(row.length === 1 && row[0] === '')));
          expect(parseCsv(formatCsv(rows))).toEqual(rows);
        },
      ),
    );
  });
});
