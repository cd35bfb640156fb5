/** The webhooks of a table, `ENDPOINTS.tableWebhooks`. */
import { CreateTableWebhookRequest, TableWebhook, TableWebhookParams } from '../tables/table-webhook';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** `POST /v1/tables/:id/webhooks`, `DELETE /v1/tables/:id/webhooks/:webhookId` (WRITE_TABLE). */
export const TABLE_WEBHOOK_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/tables/:id/webhooks',
    operationId: 'tableWebhooks.create',
    summary: "Start runs of a flow on a table's record events (created, updated, deleted)",
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'table' }),
    params: IdParams,
    body: CreateTableWebhookRequest,
    status: 201,
    response: TableWebhook,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/tables/:id/webhooks/:webhookId',
    operationId: 'tableWebhooks.delete',
    summary: 'Remove a webhook of a table',
    access: projectAccess('WRITE_TABLE', { from: 'entity', entity: 'table' }),
    params: TableWebhookParams,
    status: 204,
  }),
};
