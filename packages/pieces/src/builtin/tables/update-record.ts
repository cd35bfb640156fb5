import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import {
  cellsOf,
  fieldPropertiesOfTable,
  formatRecord,
  projectTables,
  recordIdProp,
  tableIdProp,
} from './tables-common';

/**
 * `tables-update-record`: changes the cells of record `record_id` given in `values` (keyed by
 * field external id); blank values keep the current value. Outputs the record, formatted.
 */
export const updateRecord = createAction({
  name: 'tables-update-record',
  displayName: 'Update Record',
  description: 'Update values in an existing record',
  props: {
    table_id: tableIdProp,
    record_id: recordIdProp,
    values: Property.DynamicProperties({
      displayName: 'Values',
      description: 'The values to update. Leave empty to keep current value.',
      required: true,
      refreshers: ['table_id', 'record_id'],
      props: async ({ table_id }, ctx) => fieldPropertiesOfTable(ctx, table_id),
    }),
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const fields = await tables.host.listFields(tables.projectId, tableId);
    const cells = cellsOf(ctx.propsValue['values'], fields);
    const recordId = requiredText(ctx.propsValue, 'record_id');
    return formatRecord(await tables.host.updateRecord(tables.projectId, recordId, { tableId, cells }));
  },
});
