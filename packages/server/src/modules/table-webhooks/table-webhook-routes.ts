/**
 * A table's webhooks: `POST /v1/tables/:id/webhooks {events, webhookUrl, flowId}` and `DELETE
 * /v1/tables/:id/webhooks/:webhookId` (WRITE_TABLE on the table's project, as declared). Each
 * listed record event of the table then starts a run of the flow (`deliver-table-events.ts`).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { createTableWebhook, deleteTableWebhook } from '../tables/table-webhook-repository';

/** What the table webhook routes use from the server context: its store and clock. */
export type TableWebhookRouteDependencies = Pick<ServerContext, 'store' | 'now'>;

/** The table webhook routes. */
export function tableWebhookRoutes(ctx: TableWebhookRouteDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.tableWebhooks.create, {
      handler: ({ params, body, project }) => createTableWebhook(ctx, project.id, params.id, body),
    }),
    route(ENDPOINTS.tableWebhooks.delete, {
      handler: async ({ params, project }) => {
        await deleteTableWebhook(ctx, project.id, params.id, params.webhookId);
      },
    }),
  ];
}
