/**
 * The `eventDelivery` rows as a queue: claiming due attempts (moving `dueAt` forward as the
 * claim's lease, so a dead process's claim comes due again) and recording an attempt's outcome,
 * with the row of the next attempt when it is retried. Claims of every process go one at a time
 * (an advisory lock on PostgreSQL), and an outcome is recorded only by the holder of the claim.
 */
import { generateTimeOrderedId, type EventDeliveryStatus } from '@piecework/shared';
import type { Kysely, Selectable } from 'kysely';
import type { DataStore } from '../../infrastructure/storage/data-store';
import type { Database, EventDeliveryTable } from '../../infrastructure/storage/database';
import { serialiseWrites } from '../../infrastructure/storage/serialise-writes';
import { microsOf, timestampOfMicros } from '../../infrastructure/storage/timestamp';

/** A delivery attempt this process holds until `leaseEnd` (its `dueAt` while held). */
export interface ClaimedDelivery {
  row: Selectable<EventDeliveryTable>;
  leaseEnd: string;
}

/** The instant `ms` milliseconds after `timestamp`, in stored form. */
export function timestampPlus(timestamp: string, ms: number): string {
  return timestampOfMicros(microsOf(timestamp) + Math.round(ms * 1000));
}

/** Whether any attempt is due at `now` (a read: an idle look takes no write lock). */
export async function anyDeliveryDue(db: Kysely<Database>, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('eventDelivery')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('dueAt', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the earliest pending attempt is due (a claimed one: when its lease ends), or null. */
export async function earliestDeliveryDue(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('eventDelivery')
    .select((eb) => eb.fn.min('dueAt').as('dueAt'))
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row?.dueAt ?? null;
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
    const rows = await trx
      .selectFrom('eventDelivery')
      .selectAll()
      .where('status', '=', 'PENDING')
      .where('dueAt', '<=', now)
      .orderBy('dueAt')
      .orderBy('id')
      .limit(max)
      .execute();
    if (rows.length === 0) return [];
    const leaseEnd = timestampPlus(now, leaseMs);
    await trx
      .updateTable('eventDelivery')
      .set({ dueAt: leaseEnd, updated: now })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
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
    const updated = await trx
      .updateTable('eventDelivery')
      .set({ ...outcome, updated: now })
      .where('id', '=', claimed.row.id)
      .where('status', '=', 'PENDING')
      .where('dueAt', '=', claimed.leaseEnd)
      .returning('id')
      .executeTakeFirst();
    if (updated === undefined) return false;
    if (outcome.status === 'RETRYING' && outcome.nextAttemptAt !== null) {
      const { row } = claimed;
      await trx
        .insertInto('eventDelivery')
        .values({
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
        })
        .execute();
    }
    return true;
  });
}
