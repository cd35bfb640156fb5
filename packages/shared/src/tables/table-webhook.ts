import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { Id } from '../common/id';

/** A record event of a table that a table webhook listens to. */
export const TableWebhookEventType = z.enum(['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED']);
export type TableWebhookEventType = z.infer<typeof TableWebhookEventType>;

/**
 * A table webhook: each of `events` on table `tableId` starts a run of flow `flowId` (its
 * published version, with the record as the trigger's body), or, when `webhookUrl` is not that
 * flow's webhook on this server, is posted there. The tables piece's triggers register one when
 * their flow is enabled and remove it when it is disabled.
 */
export const TableWebhook = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  tableId: z.string(),
  flowId: z.string(),
  events: z.array(TableWebhookEventType),
  webhookUrl: z.string(),
});
export type TableWebhook = z.infer<typeof TableWebhook>;

/** Body of `POST /v1/tables/:id/webhooks`. */
export const CreateTableWebhookRequest = z.object({
  events: z.array(TableWebhookEventType).min(1).max(3),
  webhookUrl: z.string().url().max(2048),
  flowId: Id,
});
export type CreateTableWebhookRequest = z.infer<typeof CreateTableWebhookRequest>;

/** Parameters of `DELETE /v1/tables/:id/webhooks/:webhookId`. */
export const TableWebhookParams = z.object({ id: Id, webhookId: Id });
export type TableWebhookParams = z.infer<typeof TableWebhookParams>;
