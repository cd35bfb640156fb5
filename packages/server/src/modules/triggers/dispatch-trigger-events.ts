/**
 * Turns the items in the poll outbox (`triggerEvent`) into runs, one run per item, each through
 * the run machinery's `createRun` (credits apply), then removes the item. The run carries
 * `triggeredBy: POLLING:<itemId>`, so an item whose run was created just before a crash (the
 * item not yet removed) is found and only removed at the next pass: no item runs twice.
 */
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { findRunTriggeredBy } from '../schedules/schedule-repository';
import { findVersionDisplayName } from '../flow-definitions/flow-repository';
import { findProjectPlatformId } from '../projects/project-repository';
import { deleteTriggerEvent, pendingTriggerEvents, type TriggerEventRow } from './trigger-source-repository';

/** How many outbox items one pass reads at a time. */
const BATCH = 100;

/** The `triggeredBy` of the run of poll item `itemId` (its idempotency key). */
export function pollTriggeredBy(itemId: string): string {
  return `POLLING:${itemId}`;
}

/** What dispatching poll items uses from the server context: its store, logger and run machinery. */
export type DispatchTriggerEventsDependencies = Pick<ServerContext, 'store' | 'logger' | 'runs'>;

/**
 * Creates the runs of every pending poll item, oldest first; answers how many runs it created.
 * An item whose run cannot be created stops the pass (logged): it is tried again at the next.
 */
export async function dispatchTriggerEvents(ctx: DispatchTriggerEventsDependencies): Promise<number> {
  let created = 0;
  for (;;) {
    const events = await pendingTriggerEvents(ctx.store.db, BATCH);
    if (events.length === 0) return created;
    for (const event of events) {
      try {
        if (await dispatchOne(ctx, event)) created += 1;
      } catch (error) {
        ctx.logger.error(
          { err: error, ...entityFields({ flowId: event.flowId, projectId: event.projectId }) },
          'The run of a polled item could not be created; it is tried again',
        );
        return created;
      }
    }
  }
}

async function dispatchOne(ctx: DispatchTriggerEventsDependencies, event: TriggerEventRow): Promise<boolean> {
  const triggeredBy = pollTriggeredBy(event.id);
  const { db } = ctx.store;
  const existing = await findRunTriggeredBy(db, event.flowId, triggeredBy);
  let created = false;
  if (existing === undefined) {
    const version = await findVersionDisplayName(db, event.flowVersionId);
    const project = await findProjectPlatformId(db, event.projectId);
    if (version !== undefined && project !== undefined) {
      await ctx.runs.createRun({
        projectId: event.projectId,
        platformId: project.platformId,
        flowId: event.flowId,
        flowVersionId: event.flowVersionId,
        flowDisplayName: version.displayName,
        environment: 'PRODUCTION',
        triggerPayload: fromJson<unknown>(event.payload),
        triggeredBy,
      });
      created = true;
    }
  }
  await ctx.store.write((trx) => deleteTriggerEvent(trx, event.id));
  return created;
}
