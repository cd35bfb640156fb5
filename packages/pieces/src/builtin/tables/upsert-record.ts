import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { cellsOf, fieldPropertiesOfTable, formatRecord, projectTables, tableIdProp } from './tables-common';

/**
 * `tables-upsert-record`: updates the newest record whose `match_field` equals `match_value`
 * with `values`, or creates one when none matches; outputs the record with
 * `operation: 'update' | 'create'`.
 */
export const upsertRecord = createAction({
  name: 'tables-upsert-record',
  displayName: 'Upsert Record',
  description: "Update a record if it exists, or create a new one if it doesn't.",
  props: {
    table_id: tableIdProp,
    match_field: Property.Dropdown({
      displayName: 'Match Field',
      description: 'The field to use for matching existing records (e.g., email, ID, name)',
      required: true,
      refreshers: ['table_id'],
      options: async ({ table_id }, ctx) => {
        if (typeof table_id !== 'string' || table_id === '') {
          return { options: [], disabled: true, placeholder: 'Please select a table first' };
        }
        try {
          const tables = projectTables(ctx);
          const fields = await tables.host.listFields(tables.projectId, await tables.tableIdOf(table_id));
          return { options: fields.map((field) => ({ label: field.name, value: field.externalId })) };
        } catch {
          return { options: [], disabled: true, placeholder: 'Error loading fields' };
        }
      },
    }),
    match_value: Property.ShortText({
      displayName: 'Match Value',
      description: 'The value to search for in the match field',
      required: true,
    }),
    values: Property.DynamicProperties({
      displayName: 'Values',
      description: 'The values to insert or update.',
      required: true,
      refreshers: ['table_id'],
      props: async ({ table_id }, ctx) => fieldPropertiesOfTable(ctx, table_id),
    }),
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const fields = await tables.host.listFields(tables.projectId, tableId);
    const matchFieldId = requiredText(ctx.propsValue, 'match_field');
    const matchField = fields.find((field) => field.externalId === matchFieldId);
    if (!matchField) throw new Error(`Match field "${matchFieldId}" not found in table`);
    const cells = cellsOf(ctx.propsValue['values'], fields);
    const value = String(ctx.propsValue['match_value'] ?? '');
    const [existing] = await tables.host.listRecords(tables.projectId, {
      tableId,
      limit: 1,
      filters: [{ fieldId: matchField.id, operator: 'eq', value }],
    });
    if (existing) {
      const updated = await tables.host.updateRecord(tables.projectId, existing.id, { tableId, cells });
      return { ...formatRecord(updated), operation: 'update' };
    }
    const [created] = await tables.host.createRecords(tables.projectId, { tableId, records: [cells] });
    if (!created) throw new Error('The record was not created');
    return { ...formatRecord(created), operation: 'create' };
  },
});
