/**
 * The event dispatcher of one server process: on the {@link createDueLoop} timer it claims the
 * delivery attempts that are due, POSTs each event to its destination (`send-event.ts`), and
 * records how each attempt ended: DELIVERED on a 2xx; else RETRYING with the next attempt queued
 * after an exponential backoff, or FAILED after the last attempt. An address the outbound filter
 * blocks fails at once (retrying cannot help). Every app process runs one; claims on the rows
 * keep two processes from sending the same attempt. Nothing of this runs in the request that
 * recorded the event.
 */
import type { Logger } from 'pino';
import { auditEventView } from '../audit-events/audit-event-view';
import type { ServerContext } from '../../server-context';
import { createDueLoop, type DueLoop } from '../../infrastructure/timers/due-loop';
import {
  claimDueDeliveries,
  recordAttempt,
  timestampPlus,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './delivery-rows';
import {
  deliveryLeaseMs,
  resolveEventDeliveryOptions,
  retryDelayMs,
  type EventDeliveryOptions,
  type ResolvedEventDeliveryOptions,
} from './delivery-policy';
import { anyDeliveryDue, earliestDeliveryDue } from './event-delivery-repository';
import { findAuditEvent, findDeliveryTarget } from './event-destination-repository';
import { sendEvent, type SendOutcome } from './send-event';

/** What the event dispatcher uses from the server context. */
export type EventDispatcherDependencies = Pick<
  ServerContext,
  'store' | 'now' | 'logger' | 'secrets' | 'settings'
>;

/** The dispatcher over `ctx`; each look answers how many attempts it made. */
export function createEventDispatcher(
  ctx: EventDispatcherDependencies,
  options: EventDeliveryOptions = {},
): DueLoop<number> {
  const resolved = resolveEventDeliveryOptions(options);
  const leaseMs = deliveryLeaseMs(resolved);

  async function fireDue(): Promise<number> {
    const now = ctx.now();
    if (!(await anyDeliveryDue(ctx.store.db, now))) return 0;
    const claimed = await claimDueDeliveries(ctx.store, now, resolved.concurrency, leaseMs);
    await Promise.all(claimed.map((delivery) => deliverSafely(ctx, delivery, resolved)));
    return claimed.length;
  }

  return createDueLoop(
    ctx,
    'event dispatcher',
    { fireDue, earliest: () => earliestDeliveryDue(ctx.store.db) },
    resolved.pollIntervalMs,
  );
}

/** {@link deliver}, a failure logged (the attempt stays claimed and is taken up after its lease). */
async function deliverSafely(
  ctx: EventDispatcherDependencies,
  delivery: ClaimedDelivery,
  options: ResolvedEventDeliveryOptions,
): Promise<void> {
  try {
    await deliver(ctx, delivery, options);
  } catch (error) {
    ctx.logger.error(
      { err: error, ...deliveryFields(delivery) },
      'An event delivery could not be attempted; it is retried after its lease',
    );
  }
}

/** Sends one claimed attempt and records how it ended. */
async function deliver(
  ctx: EventDispatcherDependencies,
  delivery: ClaimedDelivery,
  options: ResolvedEventDeliveryOptions,
): Promise<void> {
  const { row } = delivery;
  const destination = await findDeliveryTarget(ctx.store.db, row.platformId, row.destinationId);
  // Deleted meanwhile: its deliveries went with it.
  if (destination === undefined) return;
  const event = await findAuditEvent(ctx.store.db, row.platformId, row.eventId);
  let outcome: AttemptOutcome;
  // One instant for the outcome and its record: the logged backoff (nextAttemptAt - updated) is
  // the delay exactly, however long the process is held between reading the clock twice.
  let decidedAt = ctx.now();
  if (destination.enabled !== 1) {
    outcome = final('FAILED', null, 'the destination is disabled', null);
  } else if (event === undefined) {
    outcome = final('FAILED', null, 'the event no longer exists', null);
  } else {
    const sent = await sendEvent({
      url: destination.url,
      secret: ctx.secrets.open<string>(destination.sealedSecret),
      eventId: event.id,
      body: JSON.stringify(auditEventView(event)),
      allowList: ctx.settings.config.ssrfAllowList,
      timeoutMs: options.requestTimeoutMs,
    });
    decidedAt = ctx.now();
    outcome = outcomeOf(sent, row.attempt, decidedAt, options);
  }
  const recorded = await recordAttempt(ctx.store, delivery, outcome, decidedAt);
  if (recorded && outcome.status === 'FAILED') logFailure(ctx.logger, delivery, outcome);
}

/** How an attempt that ended with `sent` is recorded. */
export function outcomeOf(
  sent: SendOutcome,
  attempt: number,
  now: string,
  options: ResolvedEventDeliveryOptions,
): AttemptOutcome {
  switch (sent.kind) {
    case 'answered':
      if (sent.statusCode >= 200 && sent.statusCode < 300)
        return final('DELIVERED', sent.statusCode, null, sent.durationMs);
      return retryOrFail(attempt, now, options, sent.statusCode, null, sent.durationMs);
    case 'blocked':
      return final('FAILED', null, `${sent.error.code}: ${sent.error.message}`, sent.durationMs);
    case 'unreachable':
      return retryOrFail(attempt, now, options, null, sent.error, sent.durationMs);
  }
}

function retryOrFail(
  attempt: number,
  now: string,
  options: ResolvedEventDeliveryOptions,
  statusCode: number | null,
  error: string | null,
  durationMs: number,
): AttemptOutcome {
  const delay = retryDelayMs(attempt, options);
  if (delay === null) return final('FAILED', statusCode, error, durationMs);
  return { status: 'RETRYING', statusCode, error, durationMs, nextAttemptAt: timestampPlus(now, delay) };
}

function final(
  status: 'DELIVERED' | 'FAILED',
  statusCode: number | null,
  error: string | null,
  durationMs: number | null,
): AttemptOutcome {
  return { status, statusCode, error, durationMs, nextAttemptAt: null };
}

function deliveryFields(delivery: ClaimedDelivery) {
  const { row } = delivery;
  return {
    platform: { id: row.platformId },
    eventDestination: { id: row.destinationId },
    event: { id: row.eventId, action: row.action },
    attempt: row.attempt,
  };
}

function logFailure(logger: Logger, delivery: ClaimedDelivery, outcome: AttemptOutcome): void {
  logger.warn(
    { ...deliveryFields(delivery), statusCode: outcome.statusCode, error: outcome.error },
    'An event could not be delivered to its destination; no attempt follows',
  );
}
