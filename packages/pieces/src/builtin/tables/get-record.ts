import { createAction } from '../../framework/create-piece';
import { requiredText } from '../common/read-props';
import { formatRecord, projectTables, recordIdProp, tableIdProp } from './tables-common';

/** `tables-get-record`: the record `record_id` of the project, formatted. */
export const getRecord = createAction({
  name: 'tables-get-record',
  displayName: 'Get Record',
  description: 'Get single record by its id.',
  props: {
    table_id: tableIdProp,
    record_id: recordIdProp,
  },
  async run(ctx) {
    const tables = projectTables(ctx);
    return formatRecord(
      await tables.host.getRecord(tables.projectId, requiredText(ctx.propsValue, 'record_id')),
    );
  },
});
