import { z } from 'zod';
import { PageQuery } from '../common/page';
import { CellInput } from './record';
import { RecordFilter } from './record-filter';

/** The most rows one `POST /v1/records` may create. */
export const MAX_RECORDS_PER_CREATE = 50;

/** Body of `POST /v1/records`: up to 50 rows, created in one transaction. */
export const CreateRecordsRequest = z.object({
  tableId: z.string(),
  records: z.array(z.array(CellInput)).min(1).max(MAX_RECORDS_PER_CREATE),
});
export type CreateRecordsRequest = z.infer<typeof CreateRecordsRequest>;

/** Body of `POST /v1/records/:id`: the cells to change; fields left out stay as they are. */
export const UpdateRecordRequest = z.object({
  tableId: z.string(),
  cells: z.array(CellInput).optional(),
  agentUpdate: z.boolean().optional(),
});
export type UpdateRecordRequest = z.infer<typeof UpdateRecordRequest>;

/** Body of `DELETE /v1/records`: delete these records of the table. */
export const DeleteRecordsRequest = z.object({
  tableId: z.string(),
  ids: z.array(z.string()).min(1).max(1000),
});
export type DeleteRecordsRequest = z.infer<typeof DeleteRecordsRequest>;

/**
 * Query of `GET /v1/records`: a table's records, newest first, `filters` ANDed
 * (`filters[0][fieldId]=…&filters[0][operator]=eq&filters[0][value]=…`).
 */
export const ListRecordsQuery = PageQuery.extend({
  tableId: z.string(),
  filters: z.array(RecordFilter).max(20).optional(),
});
export type ListRecordsQuery = z.infer<typeof ListRecordsQuery>;
