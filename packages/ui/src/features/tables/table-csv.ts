/**
 * "Export CSV" of the tables page: the table's export (`GET /v1/tables/:id/export`: its fields and
 * each row by field name, oldest first) written as the CSV file the server's `/export/csv` serves
 * (RFC 4180: a header row of field names, CRLF line ends, fields quoted when they hold a comma,
 * a quote, a line break or a space at either end), and downloaded through the browser.
 */
import type { ExportTableResponse } from '@piecework/shared';

/** One CSV field: quoted (quotes doubled) when it holds a comma, a quote, a line break or edge space. */
function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of a table's export: the header row, then each row (empty cells empty). */
export function csvOfExport(exported: ExportTableResponse): string {
  const names = exported.fields.map((field) => field.name);
  const lines = [names, ...exported.rows.map((row) => names.map((name) => row[name] ?? ''))];
  return lines.map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}

/** A file name for a table called `name`: characters file systems refuse replaced, never empty. */
export function csvFileName(name: string): string {
  const safe = [...name]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .trim()
    .replace(/^\.+/, '');
  return `${safe === '' ? 'table' : safe.slice(0, 120)}.csv`;
}

/** Downloads `text` as a file called `fileName` through the browser. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely read it (a download starts reading after the click returns).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
