/**
 * The features stage of the server's assembly: the work the server does on its own — table
 * webhooks on record events, the scheduler, the trigger poller and the delivery of audit events.
 * None of them starts here (`server-lifecycle.ts` starts them when the server listens).
 */
import type { CreateServerOptions } from '../create-server';
import type { DueLoop } from '../infrastructure/timers/due-loop';
import { createEventDispatcher } from '../modules/event-destinations/event-dispatcher';
import { createScheduler, type Scheduler } from '../modules/schedules/scheduler';
import { subscribeTableWebhooks } from '../modules/table-webhooks/deliver-table-events';
import { createTriggerPoller, type TriggerWorkDone } from '../modules/triggers/trigger-poller';
import type { ServerContext } from '../server-context';

/** The timed work of a server (see {@link buildFeatures}). */
export interface ServerFeatures {
  /** Fires due schedules. */
  readonly scheduler: Scheduler;
  /** Polls triggers and renews their subscriptions. */
  readonly triggerPoller: DueLoop<TriggerWorkDone>;
  /** Delivers audit events to event destinations. */
  readonly eventDispatcher: DueLoop<number>;
}

/**
 * Subscribes the table webhooks to the context's record events and builds the timed work, each
 * looking at least every `timerIntervalMs`.
 */
export function buildFeatures(
  context: ServerContext,
  options: Pick<CreateServerOptions, 'timerIntervalMs' | 'eventDeliveries'>,
): ServerFeatures {
  subscribeTableWebhooks(context);
  const timers = options.timerIntervalMs === undefined ? {} : { pollIntervalMs: options.timerIntervalMs };
  const scheduler = createScheduler(context, timers);
  const triggerPoller = createTriggerPoller(context, timers);
  // Every app process delivers; claims on the delivery rows keep two from sending the same one.
  const eventDispatcher = createEventDispatcher(context, {
    ...(options.timerIntervalMs === undefined ? {} : { pollIntervalMs: options.timerIntervalMs }),
    ...options.eventDeliveries,
  });
  return { scheduler, triggerPoller, eventDispatcher };
}
