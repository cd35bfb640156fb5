/**
 * CSV text (RFC 4180) both ways: cells with commas, quotes or line breaks are quoted, quotes
 * doubled; rows end with CRLF. The reader takes LF or CRLF line ends, a leading byte-order mark,
 * and quoted cells spanning lines. The reader is strict (a stray quote is an error, not a guess),
 * which the CSV libraries on npm are not by default; its tests check it against `csv-parse` and
 * `csv-stringify`.
 *
 * Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) are written with a leading `'` and quoted, as OWASP's CSV-injection guidance says, so a
 * spreadsheet shows them as text. A cell that already starts with `'` before one of those gets one
 * more, so {@link readSpreadsheetCell} gives every written cell back exactly.
 */

/** Why a CSV text could not be read, and where (1-based line of the row it started on). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** The rows of a CSV text, each a list of cells; a final line break adds no empty row. */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let line = 1;
  let rowLine = 1;
  let index = 0;
  const length = source.length;
  if (length === 0) return rows;
  for (;;) {
    // One cell starts at `index`.
    let cell: string;
    if (source.charCodeAt(index) === 34 /* " */) {
      let parts = '';
      let from = index + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1) throw new CsvSyntaxError('A quoted cell is never closed', rowLine);
        parts += source.slice(from, quote);
        if (source.charCodeAt(quote + 1) === 34) {
          parts += '"';
          from = quote + 2;
          continue;
        }
        index = quote + 1;
        break;
      }
      for (let at = parts.indexOf('\n'); at !== -1; at = parts.indexOf('\n', at + 1)) line += 1;
      cell = parts;
      const next = source.charCodeAt(index);
      if (index < length && next !== 44 && next !== 10 && next !== 13) {
        throw new CsvSyntaxError('A quoted cell is followed by text before the next comma', rowLine);
      }
    } else {
      let end = index;
      while (end < length) {
        const code = source.charCodeAt(end);
        if (code === 44 || code === 10 || code === 13) break;
        if (code === 34) throw new CsvSyntaxError('A quote inside an unquoted cell', rowLine);
        end += 1;
      }
      cell = source.slice(index, end);
      index = end;
    }
    row.push(cell);
    if (index >= length) {
      rows.push(row);
      return rows;
    }
    const separator = source.charCodeAt(index);
    if (separator === 44) {
      index += 1;
      continue;
    }
    // A line end: CRLF, LF or a lone CR.
    index += separator === 13 && source.charCodeAt(index + 1) === 10 ? 2 : 1;
    line += 1;
    rows.push(row);
    row = [];
    rowLine = line;
    if (index >= length) return rows;
  }
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/;

/**
 * One cell as CSV: a would-be formula prefixed with `'` and quoted; any cell quoted (quotes
 * doubled) when it holds a comma, quote, line break or edge space.
 */
export function csvCell(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A cell as read back from CSV that {@link formatCsv} wrote: the `'` it put before a would-be
 * formula is taken off. Use it when importing rows a spreadsheet or an export may have written.
 */
export function readSpreadsheetCell(cell: string): string {
  return ESCAPED_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** Rows as CSV text, each ending with CRLF. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(csvCell).join(',')}\r\n`;
  return text;
}
