import type { TableEventType, TablesHostRecord } from '../../context/tables-host';
import { createTrigger } from '../../framework/create-piece';
import type { TriggerContext } from '../../framework/piece-definition';
import { formatRecord, projectTables, tableIdProp } from './tables-common';

/** The key under which a trigger keeps its table webhook's id (FLOW store), as Activepieces does. */
const WEBHOOK_ID_KEY = 'webhookId';

/** How many recent records a trigger's test gives as samples. */
const SAMPLE_RECORDS = 5;

function tableExternalIdOf(ctx: TriggerContext): string | undefined {
  const given = ctx.propsValue['table_id'];
  return typeof given === 'string' && given !== '' ? given : undefined;
}

/**
 * A WEBHOOK trigger on one record event of the table `table_id`: `onEnable` registers a table
 * webhook (the event, the flow's webhook URL and id) and keeps its id in the flow's store,
 * `onDisable` removes it; each event's body is the record, output formatted; `test` gives the
 * table's most recent records.
 */
function recordTrigger(options: {
  name: string;
  displayName: string;
  description: string;
  event: TableEventType;
}) {
  return createTrigger({
    name: options.name,
    displayName: options.displayName,
    description: options.description,
    type: 'WEBHOOK',
    sampleData: {},
    props: { table_id: tableIdProp },
    async onEnable(ctx) {
      const externalId = tableExternalIdOf(ctx);
      if (externalId === undefined) return;
      const tables = projectTables(ctx);
      const { id } = await tables.host.createWebhook(tables.projectId, {
        tableId: await tables.tableIdOf(externalId),
        events: [options.event],
        webhookUrl: ctx.webhookUrl,
        flowId: ctx.flows.current.id,
      });
      await ctx.store.put(WEBHOOK_ID_KEY, id);
    },
    async onDisable(ctx) {
      const externalId = tableExternalIdOf(ctx);
      if (externalId === undefined) return;
      const webhookId = await ctx.store.get<string>(WEBHOOK_ID_KEY);
      if (!webhookId) return;
      const tables = projectTables(ctx);
      await tables.host.deleteWebhook(tables.projectId, {
        tableId: await tables.tableIdOf(externalId),
        webhookId,
      });
      await ctx.store.delete(WEBHOOK_ID_KEY);
    },
    async run(ctx) {
      return [formatRecord(ctx.payload.body as TablesHostRecord)];
    },
    async test(ctx) {
      const externalId = tableExternalIdOf(ctx);
      if (externalId === undefined) {
        throw new Error('Please add some records to the table before testing this trigger');
      }
      const tables = projectTables(ctx);
      const tableId = await tables.tableIdOf(externalId);
      const records = await tables.host.listRecords(tables.projectId, {
        tableId,
        limit: SAMPLE_RECORDS,
        filters: [],
      });
      return records.map((record) => formatRecord(record));
    },
  });
}

/** `newRecord`: a run per record created in the table. */
export const newRecordTrigger = recordTrigger({
  name: 'newRecord',
  displayName: 'New Record Created',
  description: 'Triggers when a new record is added to the selected table.',
  event: 'RECORD_CREATED',
});

/** `updatedRecord`: a run per record updated in the table. */
export const updatedRecordTrigger = recordTrigger({
  name: 'updatedRecord',
  displayName: 'Record Updated',
  description: 'Triggers when a record is updated in the selected table.',
  event: 'RECORD_UPDATED',
});

/** `deletedRecord`: a run per record deleted from the table (the record as it was). */
export const deletedRecordTrigger = recordTrigger({
  name: 'deletedRecord',
  displayName: 'Record Deleted',
  description: 'Triggers when a record is deleted from the selected table.',
  event: 'RECORD_DELETED',
});
