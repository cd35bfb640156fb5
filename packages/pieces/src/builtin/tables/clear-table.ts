import { createAction } from '../../framework/create-piece';
import { projectTables, tableIdProp } from './tables-common';

/** `tables-clear-table`: deletes every record of the table; outputs `{success, deletedCount}`. */
export const clearTable = createAction({
  name: 'tables-clear-table',
  displayName: 'Clear Table',
  description: 'Delete all records from a table',
  props: {
    table_id: tableIdProp,
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const { deletedCount } = await tables.host.clearTable(tables.projectId, tableId);
    return { success: true, deletedCount };
  },
});
