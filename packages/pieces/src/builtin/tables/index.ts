import { createPiece } from '../../framework/create-piece';
import { clearTable } from './clear-table';
import { createRecords } from './create-records';
import { deleteRecord } from './delete-record';
import { findRecords } from './find-records';
import { getRecord } from './get-record';
import { deletedRecordTrigger, newRecordTrigger, updatedRecordTrigger } from './record-triggers';
import { TABLES_PIECE_NAME } from './tables-common';
import { updateRecord } from './update-record';
import { upsertRecord } from './upsert-record';

/**
 * `@activepieces/piece-tables`: the project's tables — create, find, get, update, upsert and
 * delete records, clear a table — and triggers on created, updated and deleted records. It works
 * through the host's tables (`PieceServices.tables`), always within the run's project.
 */
export const tablesPiece = createPiece({
  name: TABLES_PIECE_NAME,
  displayName: 'Tables',
  description: 'Store and query data in your project tables',
  logoUrl: 'https://cdn.activepieces.com/pieces/tables_piece.svg',
  authors: ['amrdb'],
  version: '0.2.8',
  categories: ['CORE'],
  minimumSupportedRelease: '0.71.5',
  actions: [createRecords, deleteRecord, updateRecord, getRecord, findRecords, clearTable, upsertRecord],
  triggers: [newRecordTrigger, updatedRecordTrigger, deletedRecordTrigger],
});

export { TABLES_PIECE_NAME } from './tables-common';
