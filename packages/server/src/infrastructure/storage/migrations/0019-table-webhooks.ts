/**
 * Table webhooks (`tableWebhook`): a table's record events (`events`, a JSON array of
 * RECORD_CREATED / RECORD_UPDATED / RECORD_DELETED) that start runs of a flow (`flowId`), or are
 * posted to another `webhookUrl`. Deleting the table or the flow deletes its webhooks.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tableWebhook')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('tableId', 'text', (c) => c.notNull().references('dataTable.id').onDelete('cascade'))
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('webhookUrl', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('table_webhook_table_idx').on('tableWebhook').column('tableId').execute();
  await db.schema.createIndex('table_webhook_flow_idx').on('tableWebhook').column('flowId').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tableWebhook').execute();
}

/** Migration 0019: table webhooks. */
export const tableWebhooks: Migration = { up, down };
