/**
 * The `eventDelivery` rows as a queue: claiming due attempts (moving `dueAt` forward as the
 * claim's lease, so a dead process's claim comes due again) and recording an attempt's outcome,
 * with the row of the next attempt when it is retried. Claims of every process go one at a time
 * (an advisory lock on PostgreSQL), and an outcome is recorded only by the holder of the claim.
 */
import { generateTimeOrderedId, type EventDeliveryStatus } from '@piecework/shared';
import type { Selectable } from 'kysely';
import type { DataStore } from '../../infrastructure/storage/data-store';
import type { EventDeliveryTable } from '../../infrastructure/storage/database';
import { serialiseWrites } from '../../infrastructure/storage/serialise-writes';
import { microsOf, timestampOfMicros } from '../../infrastructure/storage/timestamp';
import {
  insertDeliveryAttempt,
  leaseDeliveries,
  selectDueDeliveries,
  setHeldAttemptOutcome,
} from './event-delivery-repository';

/** A delivery attempt this process holds until `leaseEnd` (its `dueAt` while held). */
export interface ClaimedDelivery {
  row: Selectable<EventDeliveryTable>;
  leaseEnd: string;
}

/** The instant `ms` milliseconds after `timestamp`, in stored form. */
export function timestampPlus(timestamp: string, ms: number): string {
  return timestampOfMicros(microsOf(timestamp) + Math.round(ms * 1000));
}

/** Claims up to `max` attempts due at `now`, oldest due first, each held for `leaseMs`. */
export async function claimDueDeliveries(
  store: DataStore,
  now: string,
  max: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  return store.write(async (trx) => {
    await serialiseWrites(trx, 'event-delivery-claim');
    const rows = await selectDueDeliveries(trx, now, max);
    if (rows.length === 0) return [];
    const leaseEnd = timestampPlus(now, leaseMs);
    await leaseDeliveries(
      trx,
      rows.map((row) => row.id),
      leaseEnd,
      now,
    );
    return rows.map((row) => ({ row: { ...row, dueAt: leaseEnd }, leaseEnd }));
  });
}

/** How one attempt ended. */
export interface AttemptOutcome {
  status: Exclude<EventDeliveryStatus, 'PENDING'>;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  /** For RETRYING: when the next attempt is due. */
  nextAttemptAt: string | null;
}

/**
 * Records `outcome` on the claimed attempt (if this process still holds it: not deleted with its
 * destination, not taken up by another process after the lease), and for RETRYING queues the next
 * attempt, due at `nextAttemptAt`. Answers whether it was recorded.
 */
export async function recordAttempt(
  store: DataStore,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  now: string,
): Promise<boolean> {
  return store.write(async (trx) => {
    const updated = await setHeldAttemptOutcome(trx, claimed.row.id, claimed.leaseEnd, {
      ...outcome,
      updated: now,
    });
    if (updated === undefined) return false;
    if (outcome.status === 'RETRYING' && outcome.nextAttemptAt !== null) {
      const { row } = claimed;
      await insertDeliveryAttempt(trx, {
        id: generateTimeOrderedId(),
        platformId: row.platformId,
        destinationId: row.destinationId,
        eventId: row.eventId,
        action: row.action,
        attempt: row.attempt + 1,
        status: 'PENDING',
        dueAt: outcome.nextAttemptAt,
        statusCode: null,
        error: null,
        durationMs: null,
        nextAttemptAt: null,
        created: now,
        updated: now,
      });
    }
    return true;
  });
}
