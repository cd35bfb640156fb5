/**
 * One renewal of a WEBHOOK trigger whose `renewConfiguration` is a CRON schedule (vendors whose
 * webhook subscriptions expire): its `onRenew` runs outside any transaction, then the next
 * renewal is set if the source is still the one renewed. A failing `onRenew` is logged on the
 * flow and tried again at the next renewal time.
 */
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerBase } from '../../server-context';
import { nextRunAfter } from '../schedules/schedule-plan';
import { hookedTriggerOf } from './sync-trigger-source';
import { callTriggerHook, triggerLabel } from './trigger-hooks';
import { findTriggerSource, setNextRenewAt } from './trigger-source-repository';

/** What a renewal did. */
export type RenewOutcome = { kind: 'NOT_DUE' } | { kind: 'RENEWED' } | { kind: 'FAILED'; message: string };

/** Renews flow `flowId`'s trigger if its renewal is due. */
export async function renewTrigger(ctx: ServerBase, flowId: string): Promise<RenewOutcome> {
  const source = await findTriggerSource(ctx.store.db, flowId);
  if (source?.nextRenewAt == null || source.renewCron === null || source.nextRenewAt > ctx.now()) {
    return { kind: 'NOT_DUE' };
  }
  const target = await hookedTriggerOf(ctx.store.db, source);
  const outcome =
    target === null
      ? { status: 'FAILED' as const, message: `version ${source.flowVersionId} is gone` }
      : await callTriggerHook(ctx, target, { hook: 'onRenew' });
  await ctx.store.write(async (trx) => {
    const now = ctx.now();
    const nextRenewAt = nextRunAfter({ cronExpression: source.renewCron!, timezone: 'UTC' }, now);
    await setNextRenewAt(trx, flowId, source.flowVersionId, source.nextRenewAt, nextRenewAt, now);
  });
  if (outcome.status === 'FAILED') {
    const label =
      target === null ? `${source.triggerName} of ${source.pieceName}` : triggerLabel(target.trigger);
    ctx.logger.warn(
      { ...entityFields({ flowId, projectId: source.projectId }), reason: outcome.message },
      `onRenew of trigger ${label} failed; it is tried again at the next renewal`,
    );
    return { kind: 'FAILED', message: outcome.message };
  }
  return { kind: 'RENEWED' };
}
