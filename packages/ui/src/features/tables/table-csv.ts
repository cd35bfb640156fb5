/**
 * "Export CSV" of the tables page: the table's export (`GET /v1/tables/:id/export`: its fields and
 * each row by field name, oldest first) written with the same CSV writer as the server's
 * `/export/csv` (`formatCsv`: RFC 4180, CRLF, formulas escaped for spreadsheets), and downloaded
 * through the browser.
 */
import { formatCsv, type ExportTableResponse } from '@piecework/shared';

/** The CSV text of a table's export: the header row, then each row (empty cells empty). */
export function csvOfExport(exported: ExportTableResponse): string {
  const names = exported.fields.map((field) => field.name);
  return formatCsv([names, ...exported.rows.map((row) => names.map((name) => row[name] ?? ''))]);
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
