import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/** Whether a table's record triggers fire. */
export const TableStatus = z.enum(['ENABLED', 'DISABLED']);
export type TableStatus = z.infer<typeof TableStatus>;

/** Which record event a table's automation listens to. */
export const TableTrigger = z.enum(['ON_NEW_RECORD', 'ON_UPDATE_RECORD']);
export type TableTrigger = z.infer<typeof TableTrigger>;

/** A table of a project: named columns (fields) and rows (records). */
export const Table = z.object({
  ...BaseModelFields,
  name: z.string(),
  folderId: z.string().nullable(),
  projectId: z.string(),
  externalId: z.string(),
  status: TableStatus.nullable(),
  trigger: TableTrigger.nullable(),
});
export type Table = z.infer<typeof Table>;
