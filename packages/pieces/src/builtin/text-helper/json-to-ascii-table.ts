import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { describeValue, parseJson } from '../common/read-props';

const cellText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * Draws `rows` as a text table: one column per key (in order of first appearance), a header row,
 * `+---+` borders and cells padded to the widest value; objects in cells are written as JSON and
 * missing or `null` cells are blank. An empty list gives the empty text.
 */
export function asciiTable(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => cellText(row[key]).length)));
  const border = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const line = (cells: string[]) =>
    `|${cells.map((cell, i) => ` ${cell.padEnd(widths[i] ?? 0)} `).join('|')}|`;
  const body = rows.map((row) => line(keys.map((key) => cellText(row[key]))));
  return [border, line(keys), border, ...body, border].join('\n');
}

/** `json_to_ascii_table`: the list of objects `data` (JSON text accepted) as a text table (see {@link asciiTable}). */
export const jsonToAsciiTable = createAction({
  name: 'json_to_ascii_table',
  displayName: 'List to Text Table',
  description: 'Convert a list of items to a text table',
  props: {
    data: Property.Json({
      displayName: 'List',
      description: 'List of items to convert to a text table',
      required: true,
    }),
  },
  async run(ctx) {
    const raw = ctx.propsValue.data;
    const data = typeof raw === 'string' ? parseJson('data', raw) : raw;
    if (!Array.isArray(data))
      throw new Error(`Input "data" must be a list of objects, got ${describeValue(data)}`);
    const rows = data.map((row: unknown, index) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        throw new Error(`Input "data" must be a list of objects; item ${index} is ${describeValue(row)}`);
      }
      return row as Record<string, unknown>;
    });
    return asciiTable(rows);
  },
});
