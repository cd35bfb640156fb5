/**
 * One poll of a POLLING trigger, safe against a crash and against a change of the flow at any
 * point: the trigger's `run` is called outside any transaction with its store writes held back;
 * then ONE transaction checks that the source is still the one polled (still enabled, same
 * version, not polled meanwhile), advances its next poll, commits the store writes and puts each
 * item in the outbox (`triggerEvent`). The runs are created from the outbox afterwards
 * (`dispatch-trigger-events.ts`). A crash before that transaction leaves the store as it was (the
 * items come again at the next poll); after it, the outbox holds them. A poll that fails is
 * logged on its flow and tried again at the next poll time, its store writes dropped. Items
 * whose `_dedupe_key` ran in the last 30 s are dropped (`dedupe-window.ts`).
 */
import { generateTimeOrderedId } from '@piecework/shared';
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerBase } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { nextRunAfter } from '../schedules/schedule-plan';
import { bufferedKeyValueStore } from './buffered-key-value-store';
import { hookedTriggerOf } from './sync-trigger-source';
import { callTriggerHook, triggerLabel } from './trigger-hooks';
import {
  deleteTriggerSource,
  findTriggerSource,
  insertTriggerEvents,
  setNextPollAt,
  type TriggerSourceRow,
} from './trigger-source-repository';

/** What a poll did. */
export type PollOutcome =
  | { kind: 'NOT_DUE' }
  /** The source's version is gone: the source was removed. */
  | { kind: 'DROPPED' }
  /** The flow changed while its trigger ran: nothing was recorded. */
  | { kind: 'SUPERSEDED' }
  | { kind: 'FAILED'; message: string }
  | { kind: 'POLLED'; items: number };

/** Polls flow `flowId`'s trigger if it is due (see the module comment). */
export async function firePoll(ctx: ServerBase, flowId: string): Promise<PollOutcome> {
  const source = await findTriggerSource(ctx.store.db, flowId);
  if (source?.nextPollAt == null || source.pollCron === null || source.nextPollAt > ctx.now()) {
    return { kind: 'NOT_DUE' };
  }
  const target = await hookedTriggerOf(ctx.store.db, source);
  if (target === null) {
    await ctx.store.write((trx) => deleteTriggerSource(trx, flowId));
    return { kind: 'DROPPED' };
  }
  const store = bufferedKeyValueStore(ctx.store, source.projectId);
  const outcome = await callTriggerHook(ctx, target, { hook: 'run', store });
  const returned = outcome.status === 'SUCCEEDED' ? (outcome.output as unknown[]) : [];
  const { items, keys } = ctx.triggerDedupe.unique(source.flowVersionId, returned, Date.now());
  const recorded = await ctx.store.write(async (trx) => {
    const current = await findTriggerSource(trx, flowId);
    if (!samePoll(current, source)) return false;
    const now = ctx.now();
    const nextPollAt = nextRunAfter(
      { cronExpression: source.pollCron!, timezone: source.pollTimezone ?? 'UTC' },
      now,
    );
    await setNextPollAt(trx, flowId, nextPollAt, now);
    if (outcome.status === 'FAILED') return true;
    await store.commit(trx, now);
    await insertTriggerEvents(
      trx,
      items.map((item) => ({
        id: generateTimeOrderedId(),
        flowId,
        projectId: source.projectId,
        flowVersionId: source.flowVersionId,
        payload: toJson(item ?? null),
        created: now,
      })),
    );
    return true;
  });
  if (!recorded) return { kind: 'SUPERSEDED' };
  ctx.triggerDedupe.remember(keys, Date.now());
  if (outcome.status === 'FAILED') {
    ctx.logger.warn(
      { ...entityFields({ flowId, projectId: source.projectId }), reason: outcome.message },
      `Poll of trigger ${triggerLabel(target.trigger)} failed; it is tried again at the next poll`,
    );
    return { kind: 'FAILED', message: outcome.message };
  }
  return { kind: 'POLLED', items: items.length };
}

/** True when `current` is still the source as it was when the poll started. */
function samePoll(current: TriggerSourceRow | undefined, polled: TriggerSourceRow): boolean {
  return (
    current !== undefined &&
    current.flowVersionId === polled.flowVersionId &&
    current.nextPollAt === polled.nextPollAt
  );
}
