import { z } from 'zod';
import { PageQuery } from '../common/page';
import { FieldData } from './field';
import { FieldType } from './field-type';
import { TableStatus, TableTrigger } from './table';

/** A field given with `POST /v1/tables`. */
export const CreateTableField = z.object({
  name: z.string().trim().min(1).max(255),
  type: FieldType,
  data: FieldData.nullable().optional(),
  externalId: z.string().min(1).max(255).optional(),
});
export type CreateTableField = z.infer<typeof CreateTableField>;

/** Body of `POST /v1/tables`: a new table, optionally with its fields. */
export const CreateTableRequest = z.object({
  name: z.string().trim().min(1).max(255),
  projectId: z.string(),
  fields: z.array(CreateTableField).optional(),
  externalId: z.string().min(1).max(255).optional(),
  folderId: z.string().nullable().optional(),
});
export type CreateTableRequest = z.infer<typeof CreateTableRequest>;

/** Body of `POST /v1/tables/:id`: rename, move to a folder (null: none), set status or trigger. */
export const UpdateTableRequest = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  folderId: z.string().nullable().optional(),
  status: TableStatus.nullable().optional(),
  trigger: TableTrigger.nullable().optional(),
});
export type UpdateTableRequest = z.infer<typeof UpdateTableRequest>;

/** A query list parameter: `?x=a&x=b`, `?x[]=a` or a single `?x=a`, always read as an array. */
const QueryStrings = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(z.string()).max(100),
);

/** Query of `GET /v1/tables`: a project's tables, newest first; `name` is a case-insensitive substring. */
export const ListTablesQuery = PageQuery.extend({
  projectId: z.string(),
  name: z.string().optional(),
  externalIds: QueryStrings.optional(),
  folderId: z.string().optional(),
});
export type ListTablesQuery = z.infer<typeof ListTablesQuery>;

/** Answer of `GET /v1/tables/:id/export` (JSON): fields, and each row by field name. */
export const ExportTableResponse = z.object({
  name: z.string(),
  fields: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(z.record(z.string(), z.string())),
});
export type ExportTableResponse = z.infer<typeof ExportTableResponse>;

/** Answer of `POST /v1/tables/:id/import`: how many records and new TEXT fields were added. */
export const ImportTableResponse = z.object({
  records: z.number().int(),
  createdFields: z.array(z.string()),
});
export type ImportTableResponse = z.infer<typeof ImportTableResponse>;
