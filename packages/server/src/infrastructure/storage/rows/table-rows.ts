/**
 * The rows of user data tables: tables, fields, records, cells and table webhooks.
 * Column conventions: see `../database.ts`.
 */
import type { JsonText, Timestamps } from './column-types';

/** `dataTable`: a table of a project (user data: fields, records, cells below). */
export interface DataTableTable extends Timestamps {
  id: string;
  projectId: string;
  name: string;
  folderId: string | null;
  externalId: string;
  /** `ENABLED`, `DISABLED` or null. */
  status: string | null;
  /** `ON_NEW_RECORD`, `ON_UPDATE_RECORD` or null. */
  trigger: string | null;
}

/** `tableField`: a field (column) of a table; `data` the JSON of a dropdown's options. */
export interface TableFieldTable extends Timestamps {
  id: string;
  tableId: string;
  projectId: string;
  name: string;
  /** A `FieldType`. */
  type: string;
  externalId: string;
  data: JsonText | null;
}

/** `tableRecord`: a record (row) of a table; `seq` its creation order within the table. */
export interface TableRecordTable extends Timestamps {
  id: string;
  tableId: string;
  projectId: string;
  seq: number;
}

/**
 * `tableCell`: the value of one field of one record, as text; `number` and `instant` (epoch ms)
 * the same text read as a number or a date, null when it is not one (filters compare these).
 */
export interface TableCellTable extends Timestamps {
  recordId: string;
  fieldId: string;
  tableId: string;
  value: string | null;
  number: number | null;
  instant: number | null;
}

/** `tableWebhook`: record events of a table that start runs of a flow (or go to `webhookUrl`). */
export interface TableWebhookTable extends Timestamps {
  id: string;
  projectId: string;
  tableId: string;
  flowId: string;
  /** JSON array of RECORD_CREATED / RECORD_UPDATED / RECORD_DELETED. */
  events: string;
  webhookUrl: string;
}
