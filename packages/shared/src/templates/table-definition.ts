import { z } from 'zod';

/** The format of a table definition's embedded data; only CSV exists. */
export const TableDataType = z.enum(['CSV']);
export type TableDataType = z.infer<typeof TableDataType>;

/** A field (column) of a table definition; `data.options` lists the choices of a dropdown field. */
export const TableDefinitionField = z.object({
  name: z.string(),
  type: z.string(),
  externalId: z.string(),
  data: z
    .object({ options: z.array(z.object({ value: z.string() })) })
    .nullable()
    .optional(),
});
export type TableDefinitionField = z.infer<typeof TableDefinitionField>;

/** One cell of a row of embedded table data. Cell values are kept as given (CSV text, usually). */
export const TableDataCell = z.object({ fieldId: z.string(), value: z.unknown() });
export type TableDataCell = z.infer<typeof TableDataCell>;

/** Rows carried with a table definition: `{type: 'CSV', rows}`, each row a list of cells. */
export const TableData = z.object({
  type: TableDataType,
  rows: z.array(z.array(TableDataCell)),
});
export type TableData = z.infer<typeof TableData>;

/** A table definition embedded in a template: its fields and, optionally, its rows. */
export const TableDefinition = z.object({
  name: z.string(),
  externalId: z.string(),
  fields: z.array(TableDefinitionField),
  status: z.string().nullable().optional(),
  trigger: z.string().nullable().optional(),
  data: TableData.nullable().optional(),
});
export type TableDefinition = z.infer<typeof TableDefinition>;
