import { isRecord } from './property-kinds';

/**
 * An ARRAY prop with `properties`, given column-wise (`{name: ['a', 'b'], age: [1, 2]}`), as
 * rows (`[{name: 'a', age: 1}, {name: 'b', age: 2}]`): as many rows as the longest column, a
 * non-array column repeated in every row. Rows (an array) are kept; anything else gives no rows.
 */
export function zipColumns(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return [];
  const columns = Object.entries(value);
  const length = Math.max(0, ...columns.map(([, column]) => (Array.isArray(column) ? column.length : 1)));
  return Array.from({ length }, (_, index) =>
    Object.fromEntries(columns.map(([key, column]) => [key, Array.isArray(column) ? column[index] : column])),
  );
}
