/** The API forms of the tables module's rows. */
import type { Field, FieldData, FieldType, Table, TableStatus, TableTrigger } from '@piecework/shared';
import type { Selectable } from 'kysely';
import type { DataTableTable, TableFieldTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/** A `dataTable` row. */
export type TableRow = Selectable<DataTableTable>;
/** A `tableField` row. */
export type FieldRow = Selectable<TableFieldTable>;

/** The API form of a `dataTable` row. */
export function tableView(row: TableRow): Table {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    folderId: row.folderId,
    projectId: row.projectId,
    externalId: row.externalId,
    status: row.status as TableStatus | null,
    trigger: row.trigger as TableTrigger | null,
  };
}

/** The API form of a `tableField` row. */
export function fieldView(row: FieldRow): Field {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    type: row.type as FieldType,
    tableId: row.tableId,
    projectId: row.projectId,
    externalId: row.externalId,
    data: fromJson<FieldData>(row.data),
  };
}
