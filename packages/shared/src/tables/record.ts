import { z } from 'zod';
import { BaseModelFields, Timestamp } from '../common/base-model';

/** One cell of a {@link PopulatedRecord}: its text (null when empty) and its field's name. */
export const RecordCell = z.object({
  value: z.string().nullable(),
  fieldName: z.string(),
  created: Timestamp,
  updated: Timestamp,
});
export type RecordCell = z.infer<typeof RecordCell>;

/** A record (row) of a table with its cells by field id. */
export const PopulatedRecord = z.object({
  ...BaseModelFields,
  tableId: z.string(),
  projectId: z.string(),
  cells: z.record(z.string(), RecordCell),
});
export type PopulatedRecord = z.infer<typeof PopulatedRecord>;

/**
 * A cell as written: the field's id and any value; values are stored as text (`String(v)`,
 * objects as JSON), `null` or a missing value clears the cell.
 */
export const CellInput = z.object({ fieldId: z.string(), value: z.unknown() });
export type CellInput = z.infer<typeof CellInput>;
