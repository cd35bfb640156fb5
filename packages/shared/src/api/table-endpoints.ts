/** Tables, their fields and records: `ENDPOINTS.tables`, `ENDPOINTS.fields`, `ENDPOINTS.records`. */
import { z } from 'zod';
import { Page } from '../common/page';
import { CreateFieldRequest, Field, ListFieldsQuery, UpdateFieldRequest } from '../tables/field';
import { PopulatedRecord } from '../tables/record';
import {
  CreateRecordsRequest,
  DeleteRecordsRequest,
  ListRecordsQuery,
  UpdateRecordRequest,
} from '../tables/record-requests';
import { Table } from '../tables/table';
import {
  CreateTableRequest,
  ExportTableResponse,
  ImportTableResponse,
  ListTablesQuery,
  UpdateTableRequest,
} from '../tables/table-requests';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** The table named by `tableId` of the query or body decides the project. */
const TABLE_IN_QUERY = { from: 'entity', entity: 'table', idAt: { part: 'query', key: 'tableId' } } as const;
const TABLE_IN_BODY = { from: 'entity', entity: 'table', idAt: { part: 'body', key: 'tableId' } } as const;

/** `/v1/tables`: create, list, read, update, delete, export (JSON or CSV) and import CSV. */
export const TABLE_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/tables',
    operationId: 'tables.create',
    summary: 'Create a table in a project, optionally with its fields',
    access: projectAccess('WRITE_TABLE', { from: 'body' }),
    body: CreateTableRequest,
    status: 201,
    response: Table,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/tables',
    operationId: 'tables.list',
    summary: "List a project's tables, newest first (by name substring, externalIds or folder)",
    access: projectAccess('READ_TABLE', { from: 'query' }),
    query: ListTablesQuery,
    status: 200,
    response: Page(Table),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/tables/:id',
    operationId: 'tables.get',
    summary: 'Get a table',
    access: projectAccess('READ_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    status: 200,
    response: Table,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/tables/:id',
    operationId: 'tables.update',
    summary: 'Rename a table, move it to a folder, or set its status or trigger',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    body: UpdateTableRequest,
    status: 200,
    response: Table,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/tables/:id',
    operationId: 'tables.delete',
    summary: 'Delete a table with its fields and records',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    status: 204,
  }),
  export: endpoint({
    method: 'GET',
    path: '/v1/tables/:id/export',
    operationId: 'tables.export',
    summary: 'Export a table as JSON: its fields, and each row (oldest first) as texts by field name',
    access: projectAccess('READ_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    status: 200,
    response: ExportTableResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/v1/tables/:id/export/csv',
    operationId: 'tables.exportCsv',
    summary:
      'Export a table as a text/csv file: a header row of field names, then each row, oldest first (RFC 4180, CRLF)',
    access: projectAccess('READ_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    status: 200,
  }),
  import: endpoint({
    method: 'POST',
    path: '/v1/tables/:id/import',
    operationId: 'tables.import',
    summary:
      'Append the rows of a CSV body (text/csv, or one JSON string; header row = field names; unknown names become new TEXT fields)',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    body: z.string(),
    status: 201,
    response: ImportTableResponse,
  }),
};

/** `/v1/fields`: a table's fields (columns). */
export const FIELD_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/fields',
    operationId: 'fields.create',
    summary: 'Add a field to a table',
    access: projectAccess('WRITE_TABLE', TABLE_IN_BODY),
    body: CreateFieldRequest,
    status: 201,
    response: Field,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/fields',
    operationId: 'fields.list',
    summary: 'List the fields of a table, oldest first',
    access: projectAccess('READ_TABLE', TABLE_IN_QUERY),
    query: ListFieldsQuery,
    status: 200,
    response: z.array(Field),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/fields/:id',
    operationId: 'fields.get',
    summary: 'Get a field',
    access: projectAccess('READ_TABLE', { from: 'entity', entity: 'field' }),
    params: IdParams,
    status: 200,
    response: Field,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/fields/:id',
    operationId: 'fields.update',
    summary: "Rename a field or change a dropdown field's options",
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'field' }),
    params: IdParams,
    body: UpdateFieldRequest,
    status: 200,
    response: Field,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/fields/:id',
    operationId: 'fields.delete',
    summary: 'Delete a field and its cells',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'field' }),
    params: IdParams,
    status: 204,
  }),
};

/** `/v1/records`: a table's records (rows) with their cells. */
export const RECORD_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/records',
    operationId: 'records.create',
    summary: 'Create up to 50 records in one transaction',
    access: projectAccess('WRITE_TABLE', TABLE_IN_BODY),
    body: CreateRecordsRequest,
    status: 201,
    response: z.array(PopulatedRecord),
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/records',
    operationId: 'records.list',
    summary: "List a table's records, newest first, filtered (filters ANDed)",
    access: projectAccess('READ_TABLE', TABLE_IN_QUERY),
    query: ListRecordsQuery,
    status: 200,
    response: Page(PopulatedRecord),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/records/:id',
    operationId: 'records.get',
    summary: 'Get a record',
    access: projectAccess('READ_TABLE', { from: 'entity', entity: 'record' }),
    params: IdParams,
    status: 200,
    response: PopulatedRecord,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/records/:id',
    operationId: 'records.update',
    summary: 'Change cells of a record; fields left out stay unchanged',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'record' }),
    params: IdParams,
    body: UpdateRecordRequest,
    status: 200,
    response: PopulatedRecord,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/records',
    operationId: 'records.delete',
    summary: 'Delete records of a table',
    access: projectAccess('WRITE_TABLE', TABLE_IN_BODY),
    body: DeleteRecordsRequest,
    status: 200,
    response: z.array(z.never()),
  }),
};
