/**
 * Delivers record events to table webhooks. A webhook whose URL is a flow's webhook on this
 * server (`<publicUrl>api/v1/webhooks/<flowId>`) starts runs of that flow's published version
 * in-process: the flow's trigger `run` hook gets the record as the request body, and each item
 * it gives is one run (the tables piece's triggers give the record, formatted). Any other URL
 * gets the record POSTed as JSON through the SSRF-filtered client. Failures are logged, never
 * thrown: the record change they follow stands.
 */
import { safeFetch, type TriggerPayload } from '@piecework/pieces';
import { generateTimeOrderedId, type PieceTrigger, type TableWebhook } from '@piecework/shared';
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerContext } from '../../server-context';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import type { RecordEvent } from '../tables/record-events';
import { callTriggerHook, hasTriggerHooks } from '../triggers/trigger-hooks';
import { findWebhookTarget } from '../webhooks/webhook-target';
import { webhooksOfEvent } from '../tables/table-webhook-repository';

/** How long a POST to an outside webhook URL may take, in ms. */
const OUTSIDE_DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Subscribes the table webhooks to the record events of `ctx` (every process that writes
 * records: app and workers); answers the unsubscribe function. The events of one table are
 * delivered one after the other, in the order they happened (runs start in that order).
 */
export function subscribeTableWebhooks(ctx: ServerContext): () => void {
  const queues = new Map<string, Promise<void>>();
  return ctx.recordEvents.on((event) => {
    const delivery = (queues.get(event.tableId) ?? Promise.resolve()).then(() =>
      deliverRecordEvent(ctx, event),
    );
    const settled = delivery.catch(() => undefined);
    queues.set(event.tableId, settled);
    void settled.then(() => {
      if (queues.get(event.tableId) === settled) queues.delete(event.tableId);
    });
    return delivery;
  });
}

/** Delivers one record event to every webhook of its table that listens to it, in creation order. */
export async function deliverRecordEvent(ctx: ServerContext, event: RecordEvent): Promise<void> {
  const webhooks = await webhooksOfEvent(ctx.store.db, event.projectId, event.tableId, event.type);
  for (const webhook of webhooks) {
    try {
      const flowId = ownWebhookFlow(ctx, webhook.webhookUrl);
      if (flowId === undefined) await postToOutsideUrl(ctx, webhook, event);
      else await startFlowRuns(ctx, webhook, flowId, event);
    } catch (error) {
      ctx.logger.warn(
        {
          ...entityFields({ flowId: webhook.flowId, projectId: webhook.projectId }),
          tableId: webhook.tableId,
          webhookId: webhook.id,
          reason: error instanceof Error ? error.message : String(error),
        },
        `The table webhook could not deliver ${event.type}`,
      );
    }
  }
}

/** The flow id of a URL that is a production webhook of this server, else undefined. */
function ownWebhookFlow(ctx: Pick<ServerContext, 'settings'>, webhookUrl: string): string | undefined {
  const prefix = `${ctx.settings.publicUrl}api/v1/webhooks/`;
  if (!webhookUrl.startsWith(prefix)) return undefined;
  const [flowId, ...rest] = webhookUrl.slice(prefix.length).split(/[/?#]/);
  return flowId !== undefined && flowId !== '' && rest.every((part) => part === '') ? flowId : undefined;
}

/** Starts the runs of `flowId`'s published version for the event (none when the flow is off). */
async function startFlowRuns(
  ctx: ServerContext,
  webhook: TableWebhook,
  flowId: string,
  event: RecordEvent,
): Promise<void> {
  const target = await findWebhookTarget(ctx, flowId, 'PUBLISHED');
  if (target.project.id !== webhook.projectId) throw new Error(`Flow ${flowId} is not a flow of the project`);
  const row = await findVersionOfFlow(ctx.store.db, flowId, target.version.id);
  const trigger = row === undefined ? undefined : flowVersionFromRow(row).trigger;
  if (trigger === undefined || !hasTriggerHooks(trigger)) return;
  const payload: TriggerPayload = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: event.record,
    queryParams: {},
  };
  const hooked = { flowId, projectId: webhook.projectId, flowVersionId: target.version.id };
  const outcome = await callTriggerHook(
    ctx,
    { ...hooked, trigger: trigger as PieceTrigger },
    { hook: 'run', payload },
  );
  if (outcome.status === 'FAILED') throw new Error(outcome.message);
  const items = Array.isArray(outcome.output) ? (outcome.output as unknown[]) : [];
  for (const item of items) {
    await ctx.runs.createRun({
      id: generateTimeOrderedId(),
      projectId: target.project.id,
      platformId: target.project.platformId,
      flowId,
      flowVersionId: target.version.id,
      flowDisplayName: target.version.displayName,
      environment: 'PRODUCTION',
      triggerPayload: item,
      triggeredBy: 'WEBHOOK',
      project: target.project,
    });
  }
}

/** POSTs the record to a URL outside this server, through the SSRF filter. */
async function postToOutsideUrl(
  ctx: Pick<ServerContext, 'settings'>,
  webhook: TableWebhook,
  event: RecordEvent,
): Promise<void> {
  const response = await safeFetch(
    webhook.webhookUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event.record),
      signal: AbortSignal.timeout(OUTSIDE_DELIVERY_TIMEOUT_MS),
    },
    { allowList: ctx.settings.config.ssrfAllowList },
  );
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${webhook.webhookUrl} answered ${response.status}`);
}
