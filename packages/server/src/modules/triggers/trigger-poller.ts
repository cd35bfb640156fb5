/**
 * The trigger timer of one server process, on the same {@link createDueLoop} timer as schedules:
 * polls the due POLLING triggers (`fire-poll.ts`) and renews the due WEBHOOK triggers
 * (`renew-trigger.ts`), then creates the runs of the polled items (`dispatch-trigger-events.ts`).
 * At start it first creates the runs of items a previous process polled but did not run.
 */
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerContext } from '../../server-context';
import { createDueLoop, type DueLoop } from '../../infrastructure/timers/due-loop';
import { dispatchTriggerEvents } from './dispatch-trigger-events';
import { firePoll } from './fire-poll';
import { renewTrigger } from './renew-trigger';
import { duePolls, dueRenewals, earliestTriggerWork } from './trigger-source-repository';

/** What one look of the trigger timer did. */
export interface TriggerWorkDone {
  polls: number;
  renewals: number;
  runsCreated: number;
}

/** Options of {@link createTriggerPoller}. */
export interface TriggerPollerOptions {
  /** Longest wait between two looks at the trigger sources, in ms. Default 1000. */
  pollIntervalMs?: number;
}

/** How many due sources one query takes. */
const BATCH = 100;

/** The trigger timer over `ctx`. */
export function createTriggerPoller(
  ctx: ServerContext,
  options: TriggerPollerOptions = {},
): DueLoop<TriggerWorkDone> {
  async function each(
    due: (now: string, limit: number) => Promise<string[]>,
    fire: (flowId: string) => Promise<unknown>,
    what: string,
  ): Promise<number> {
    let count = 0;
    const tried = new Set<string>();
    for (;;) {
      const untried = (await due(ctx.now(), BATCH + tried.size)).filter((flowId) => !tried.has(flowId));
      if (untried.length === 0) return count;
      for (const flowId of untried) {
        tried.add(flowId);
        try {
          await fire(flowId);
          count += 1;
        } catch (error) {
          ctx.logger.error(
            { err: error, ...entityFields({ flowId }) },
            `${what} could not run; it stays due`,
          );
        }
      }
    }
  }

  async function fireDue(): Promise<TriggerWorkDone> {
    const polls = await each(
      (now, limit) => duePolls(ctx.store.db, now, limit),
      (id) => firePoll(ctx, id),
      'poll',
    );
    const renewals = await each(
      (now, limit) => dueRenewals(ctx.store.db, now, limit),
      (id) => renewTrigger(ctx, id),
      'renewal',
    );
    const runsCreated = await dispatchTriggerEvents(ctx);
    return { polls, renewals, runsCreated };
  }

  return createDueLoop(
    ctx,
    'trigger poller',
    { fireDue, earliest: () => earliestTriggerWork(ctx.store.db) },
    options.pollIntervalMs ?? 1000,
  );
}
