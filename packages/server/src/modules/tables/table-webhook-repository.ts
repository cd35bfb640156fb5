/**
 * The rows of `tableWebhook`: create, delete and find a table's webhooks, always scoped by the
 * project (a table or flow of another project is "not found").
 */
import {
  generateId,
  TableWebhookEventType,
  type CreateTableWebhookRequest,
  type TableWebhook,
} from '@piecework/shared';
import type { Kysely, Selectable } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import type { ServerBase } from '../../server-context';
import type { Database, TableWebhookTable } from '../../infrastructure/storage/database';

/** The API form of a `tableWebhook` row. */
export function tableWebhookView(row: Selectable<TableWebhookTable>): TableWebhook {
  const events = TableWebhookEventType.array().safeParse(JSON.parse(row.events));
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    tableId: row.tableId,
    flowId: row.flowId,
    events: events.success ? events.data : [],
    webhookUrl: row.webhookUrl,
  };
}

async function assertInProject(
  db: Kysely<Database>,
  what: 'dataTable' | 'flow',
  id: string,
  projectId: string,
): Promise<void> {
  const found = await db
    .selectFrom(what)
    .select('id')
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (found === undefined) throw notFound(what === 'dataTable' ? 'table' : 'flow', id);
}

/**
 * Adds a webhook to table `tableId` of project `projectId`; 404 when the table or the flow is
 * not one of the project's.
 */
export async function createTableWebhook(
  ctx: Pick<ServerBase, 'store' | 'now'>,
  projectId: string,
  tableId: string,
  request: CreateTableWebhookRequest,
): Promise<TableWebhook> {
  const row = await ctx.store.write(async (trx) => {
    await assertInProject(trx, 'dataTable', tableId, projectId);
    await assertInProject(trx, 'flow', request.flowId, projectId);
    const now = ctx.now();
    return trx
      .insertInto('tableWebhook')
      .values({
        id: generateId(),
        projectId,
        tableId,
        flowId: request.flowId,
        events: JSON.stringify([...new Set(request.events)]),
        webhookUrl: request.webhookUrl,
        created: now,
        updated: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return tableWebhookView(row);
}

/** Removes webhook `webhookId` of table `tableId` of the project; 404 when there is no such webhook. */
export async function deleteTableWebhook(
  ctx: Pick<ServerBase, 'store'>,
  projectId: string,
  tableId: string,
  webhookId: string,
): Promise<void> {
  const deleted = await ctx.store.write((trx) =>
    trx
      .deleteFrom('tableWebhook')
      .where('id', '=', webhookId)
      .where('tableId', '=', tableId)
      .where('projectId', '=', projectId)
      .executeTakeFirst(),
  );
  if (Number(deleted.numDeletedRows) === 0) throw notFound('tableWebhook', webhookId);
}

/** The webhooks of table `tableId` (of project `projectId`) that listen to `event`. */
export async function webhooksOfEvent(
  db: Kysely<Database>,
  projectId: string,
  tableId: string,
  event: TableWebhookEventType,
): Promise<TableWebhook[]> {
  const rows = await db
    .selectFrom('tableWebhook')
    .selectAll()
    .where('tableId', '=', tableId)
    .where('projectId', '=', projectId)
    .orderBy('created', 'asc')
    .execute();
  return rows.map(tableWebhookView).filter((webhook) => webhook.events.includes(event));
}
