import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalRecord } from '../common/read-props';
import { cellsOf, fieldProperties, formatRecord, projectTables, tableIdProp } from './tables-common';

/**
 * `tables-create-records`: creates one record per item of `values.values` (each keyed by field
 * external id; blank values left out) in one transaction, and outputs them formatted.
 */
export const createRecords = createAction({
  name: 'tables-create-records',
  displayName: 'Create Record(s)',
  description: 'Insert one or more new records to a table.',
  props: {
    table_id: tableIdProp,
    values: Property.DynamicProperties({
      displayName: 'Records',
      description: 'The records to create.',
      required: true,
      refreshers: ['table_id'],
      props: async ({ table_id }, ctx) => {
        if (typeof table_id !== 'string' || table_id === '') return {};
        const tables = projectTables(ctx);
        const fields = fieldProperties(
          await tables.host.listFields(tables.projectId, await tables.tableIdOf(table_id)),
        );
        if ('markdown' in fields) return fields;
        return {
          values: Property.Array({
            displayName: 'Records',
            description: 'Add one or more records to insert',
            required: true,
            properties: fields,
          }),
        };
      },
    }),
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const fields = await tables.host.listFields(tables.projectId, tableId);
    const rows = optionalRecord(ctx.propsValue, 'values')?.['values'];
    if (!Array.isArray(rows)) throw new Error('Input "values" must hold a list of records');
    const records = rows.map((row) => cellsOf(row, fields));
    const created = await tables.host.createRecords(tables.projectId, { tableId, records });
    return created.map((record) => formatRecord(record));
  },
});
