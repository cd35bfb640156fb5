import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { projectTables, tableIdProp } from './tables-common';

/** `tables-delete-record`: deletes the records `records_ids` of the table; outputs `{success: true}`. */
export const deleteRecord = createAction({
  name: 'tables-delete-record',
  displayName: 'Delete Record(s)',
  description: 'Delete record(s) from a table',
  props: {
    table_id: tableIdProp,
    records_ids: Property.Array({
      displayName: 'Records IDs',
      required: true,
      description: 'The IDs of the records to delete',
    }),
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const given = ctx.propsValue['records_ids'];
    const ids = (Array.isArray(given) ? given : [given]).filter(
      (id) => id !== undefined && id !== null && id !== '',
    );
    if (ids.length === 0) throw new Error('Input "records_ids" must name at least one record');
    await tables.host.deleteRecords(tables.projectId, { tableId, ids: ids.map(String) });
    return { success: true };
  },
});
