/** The fixtures of the table webhook endpoints: one row per endpoint (`area.name`). */
import { adminCall, name, type World, type Fixture } from './world';

/** A new table of the team project. */
const freshTable = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/tables', { projectId: world.projectId, name: name('Table') });

/** A webhook of a new table, starting runs of the world's flow. */
async function freshWebhook(world: World): Promise<{ tableId: string; webhookId: string }> {
  const table = await freshTable(world);
  const webhook = await adminCall<{ id: string }>(world, 'POST', `/v1/tables/${table.id}/webhooks`, {
    events: ['RECORD_CREATED'],
    webhookUrl: 'https://hooks.example.com/table',
    flowId: world.flow.id,
  });
  return { tableId: table.id, webhookId: webhook.id };
}

/** One row per table webhook endpoint: how to call it. */
export const TABLE_WEBHOOK_FIXTURES: Record<string, Fixture> = {
  'tableWebhooks.create': async (w) => ({
    params: { id: (await freshTable(w)).id },
    body: { events: ['RECORD_CREATED'], webhookUrl: 'https://hooks.example.com/table', flowId: w.flow.id },
  }),
  'tableWebhooks.delete': async (w) => {
    const { tableId, webhookId } = await freshWebhook(w);
    return { params: { id: tableId, webhookId } };
  },
};
