/**
 * The features stage of the server's assembly: the work the server does on its own — table
 * webhooks on record events, the scheduler, the trigger poller, the delivery of audit events,
 * the stuck-run watchdog, the deletion of expired runs and the run search indexer.
 * None of them starts here (`server-lifecycle.ts` starts them when the server listens).
 */
import type { CreateServerOptions } from '../create-server';
import type { DueLoop } from '../infrastructure/timers/due-loop';
import { createEventDispatcher } from '../modules/event-destinations/event-dispatcher';
import { createRunSearchIndexer } from '../modules/flow-runs/run-search-indexer';
import { createScheduler, type Scheduler } from '../modules/schedules/scheduler';
import type { StuckRun } from '@piecework/shared';
import { createStuckRunWatchdog } from '../modules/stuck-runs/stuck-run-watchdog';
import { subscribeTableWebhooks } from '../modules/table-webhooks/deliver-table-events';
import { createTriggerPoller, type TriggerWorkDone } from '../modules/triggers/trigger-poller';
import { createRunRetention, type RunRetention } from '../modules/run-retention/run-retention-timer';
import type { ServerContext } from '../server-context';

/** The timed work of a server (see {@link buildFeatures}). */
export interface ServerFeatures {
  /** Fires due schedules. */
  readonly scheduler: Scheduler;
  /** Polls triggers and renews their subscriptions. */
  readonly triggerPoller: DueLoop<TriggerWorkDone>;
  /** Delivers audit events to event destinations. */
  readonly eventDispatcher: DueLoop<number>;
  /** Finds runs stuck over their limit and alerts about each once. */
  readonly stuckRunWatchdog: DueLoop<StuckRun[]>;
  /** Deletes runs older than AP_EXECUTION_DATA_RETENTION_DAYS. */
  readonly retention: RunRetention;
  /** Writes the search documents of runs that ended. */
  readonly runSearchIndexer: DueLoop<number>;
}

/**
 * Subscribes the table webhooks to the context's record events and builds the timed work, each
 * looking at least every `timerIntervalMs`.
 */
export function buildFeatures(
  context: ServerContext,
  options: Pick<CreateServerOptions, 'timerIntervalMs' | 'eventDeliveries' | 'retention'>,
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
  // Limits are whole minutes: a look a minute is enough (tests look as often as the other timers).
  const stuckRunWatchdog = createStuckRunWatchdog(context, timers);
  const retention = createRunRetention(context, options.retention);
  const runSearchIndexer = createRunSearchIndexer(context, timers);
  return { scheduler, triggerPoller, eventDispatcher, stuckRunWatchdog, retention, runSearchIndexer };
}
