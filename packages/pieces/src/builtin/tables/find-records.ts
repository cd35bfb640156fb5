import type { TablesHostField, TablesHostFilter } from '../../context/tables-host';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalNumber, optionalRecord } from '../common/read-props';
import { assertValueFits, formatRecord, projectTables, tableIdProp } from './tables-common';

/** The operators a filter may use, as Activepieces lists them. */
const OPERATORS = [
  { label: 'Equals', value: 'eq' },
  { label: 'Not Equals', value: 'neq' },
  { label: 'Greater Than', value: 'gt' },
  { label: 'Greater Than or Equal', value: 'gte' },
  { label: 'Less Than', value: 'lt' },
  { label: 'Less Than or Equal', value: 'lte' },
  { label: 'Contains', value: 'co' },
];

/** Without `limit`, every matching record (Activepieces' "no limit"). */
const NO_LIMIT = 999_999_999;

/**
 * The table's field a filter's `field` names: the builder stores `{id, type, name}`; an exported
 * flow's id may be another installation's, so the field's name (or external id) matches too.
 */
function fieldOfFilter(given: unknown, fields: TablesHostField[]): TablesHostField {
  let named: unknown = given;
  if (typeof given === 'string') {
    try {
      named = JSON.parse(given);
    } catch {
      named = { id: given, name: given };
    }
  }
  const { id, name } = (typeof named === 'object' && named !== null ? named : {}) as Record<string, unknown>;
  const field =
    fields.find((candidate) => candidate.id === id) ??
    fields.find((candidate) => candidate.externalId === id) ??
    fields.find((candidate) => candidate.name === name);
  if (!field)
    throw new Error(`Filter field ${JSON.stringify(name ?? id ?? null)} is not a field of the table`);
  return field;
}

/**
 * `tables-find-records`: the table's records (newest first, at most `limit`) matching every
 * filter of `filters.filters` (`{field, operator, value}`), formatted.
 */
export const findRecords = createAction({
  name: 'tables-find-records',
  displayName: 'Find Records',
  description: 'Find records in a table with filters.',
  props: {
    table_id: tableIdProp,
    limit: Property.Number({
      displayName: 'Limit',
      description: 'Maximum number of records to return (default no limit).',
      required: false,
    }),
    filters: Property.DynamicProperties({
      displayName: 'Filters',
      description: 'Filter conditions to apply',
      required: false,
      refreshers: ['table_id'],
      props: async ({ table_id }, ctx) => {
        if (typeof table_id !== 'string' || table_id === '') {
          return { filters: Property.Array({ displayName: 'Filters', required: false, properties: {} }) };
        }
        const tables = projectTables(ctx);
        const fields = await tables.host.listFields(tables.projectId, await tables.tableIdOf(table_id));
        return {
          filters: Property.Array({
            displayName: 'Filters',
            required: false,
            properties: {
              field: Property.StaticDropdown({
                displayName: 'Field',
                required: true,
                options: {
                  options: fields.map((field) => ({
                    label: field.name,
                    value: { id: field.id, type: field.type, name: field.name },
                  })),
                },
              }),
              operator: Property.StaticDropdown({
                displayName: 'Operator',
                required: true,
                options: { options: OPERATORS },
              }),
              value: Property.ShortText({ displayName: 'Value', required: true }),
            },
          }),
        };
      },
    }),
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    const tableId = await tables.tableIdOf(ctx.propsValue['table_id']);
    const given = optionalRecord(ctx.propsValue, 'filters')?.['filters'];
    const rows = Array.isArray(given) ? (given as Record<string, unknown>[]) : [];
    const fields = rows.length === 0 ? [] : await tables.host.listFields(tables.projectId, tableId);
    const filters: TablesHostFilter[] = rows.map((row) => {
      const field = fieldOfFilter(row['field'], fields);
      const operator = String(row['operator']);
      if (!OPERATORS.some((known) => known.value === operator))
        throw new Error(`Unknown filter operator "${operator}"`);
      if (row['value'] === undefined || row['value'] === null)
        throw new Error(`Filter on "${field.name}" needs a value`);
      assertValueFits(field, row['value']);
      return { fieldId: field.id, operator, value: String(row['value']) };
    });
    const limit = optionalNumber(ctx.propsValue, 'limit') ?? NO_LIMIT;
    const records = await tables.host.listRecords(tables.projectId, { tableId, limit, filters });
    return records.map((record) => formatRecord(record));
  },
});
