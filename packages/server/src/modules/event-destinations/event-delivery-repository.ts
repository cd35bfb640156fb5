/**
 * The SQL of the `eventDelivery` table as a queue: one query per function, on the db or a write
 * transaction.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, EventDeliveryTable } from '../../infrastructure/storage/database';

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

/** Up to `max` pending attempts due at `now`, oldest due first. */
export async function selectDueDeliveries(
  trx: Kysely<Database>,
  now: string,
  max: number,
): Promise<Selectable<EventDeliveryTable>[]> {
  return trx
    .selectFrom('eventDelivery')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('dueAt', '<=', now)
    .orderBy('dueAt')
    .orderBy('id')
    .limit(max)
    .execute();
}

/** Moves the `dueAt` of attempts `ids` to `leaseEnd` (their claim's lease). */
export async function leaseDeliveries(
  trx: Kysely<Database>,
  ids: string[],
  leaseEnd: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('eventDelivery')
    .set({ dueAt: leaseEnd, updated: now })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Sets `changes` on attempt `id` if it is still pending and held under `leaseEnd`; its id, or
 * undefined when the claim is no longer held.
 */
export async function setHeldAttemptOutcome(
  trx: Kysely<Database>,
  id: string,
  leaseEnd: string,
  changes: Updateable<EventDeliveryTable>,
): Promise<{ id: string } | undefined> {
  return trx
    .updateTable('eventDelivery')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('dueAt', '=', leaseEnd)
    .returning('id')
    .executeTakeFirst();
}

/** Inserts one delivery attempt row. */
export async function insertDeliveryAttempt(
  trx: Kysely<Database>,
  values: Insertable<EventDeliveryTable>,
): Promise<void> {
  await trx.insertInto('eventDelivery').values(values).execute();
}
