/**
 * The queries on the trigger tables: `triggerSource` (one row per enabled flow whose trigger was
 * enabled), `triggerEvent` (the poll outbox) and `appEventListener`. Each takes the Kysely
 * instance to run on (`ctx.store.db` or a `trx`).
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, TriggerEventTable, TriggerSourceTable } from '../../infrastructure/storage/database';

/** A `triggerSource` row as read. */
export type TriggerSourceRow = Selectable<TriggerSourceTable>;

/** A `triggerEvent` row as read: an item of a poll whose run is still to be created. */
export type TriggerEventRow = Selectable<TriggerEventTable>;

/** The trigger source of flow `flowId`, if it has one. */
export function findTriggerSource(
  db: Kysely<Database>,
  flowId: string,
): Promise<TriggerSourceRow | undefined> {
  return db.selectFrom('triggerSource').selectAll().where('flowId', '=', flowId).executeTakeFirst();
}

/** Inserts or replaces the trigger source of `row.flowId`. */
export async function upsertTriggerSource(trx: Kysely<Database>, row: TriggerSourceRow): Promise<void> {
  const { flowId: _flowId, created: _created, ...changes } = row;
  await trx
    .insertInto('triggerSource')
    .values(row)
    .onConflict((conflict) => conflict.column('flowId').doUpdateSet(changes))
    .execute();
}

/** Removes the trigger source of flow `flowId` with its app-event listeners and pending poll items. */
export async function deleteTriggerSource(trx: Kysely<Database>, flowId: string): Promise<void> {
  await trx.deleteFrom('triggerSource').where('flowId', '=', flowId).execute();
  await trx.deleteFrom('appEventListener').where('flowId', '=', flowId).execute();
  await trx.deleteFrom('triggerEvent').where('flowId', '=', flowId).execute();
}

/** The flow ids of POLLING sources due at `now`, earliest first, at most `limit`. */
export async function duePolls(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('triggerSource')
    .select('flowId')
    .where('nextPollAt', '<=', now)
    .orderBy('nextPollAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.flowId);
}

/** The flow ids of sources whose renewal is due at `now`, earliest first, at most `limit`. */
export async function dueRenewals(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('triggerSource')
    .select('flowId')
    .where('nextRenewAt', '<=', now)
    .orderBy('nextRenewAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.flowId);
}

/** The earliest next poll or renewal of all sources, or null when none is planned. */
export async function earliestTriggerWork(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('triggerSource')
    .select((eb) => [eb.fn.min('nextPollAt').as('poll'), eb.fn.min('nextRenewAt').as('renew')])
    .executeTakeFirst();
  const instants = [row?.poll, row?.renew].filter((value): value is string => typeof value === 'string');
  return instants.length === 0 ? null : instants.sort()[0]!;
}

/** Adds items of a poll to the outbox. */
export async function insertTriggerEvents(
  trx: Kysely<Database>,
  events: readonly Insertable<TriggerEventTable>[],
): Promise<void> {
  if (events.length > 0)
    await trx
      .insertInto('triggerEvent')
      .values([...events])
      .execute();
}

/** Pending poll items, oldest first, at most `limit`. */
export function pendingTriggerEvents(db: Kysely<Database>, limit: number): Promise<TriggerEventRow[]> {
  return db.selectFrom('triggerEvent').selectAll().orderBy('id').limit(limit).execute();
}

/** Removes one pending poll item (its run exists). */
export async function deleteTriggerEvent(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('triggerEvent').where('id', '=', id).execute();
}

/** Removes every app event listener of flow `flowId`. */
export async function deleteAppEventListeners(trx: Kysely<Database>, flowId: string): Promise<void> {
  await trx.deleteFrom('appEventListener').where('flowId', '=', flowId).execute();
}

/** Adds app event listeners; one already there is left as it is. */
export async function insertAppEventListeners(
  trx: Kysely<Database>,
  listeners: Insertable<Database['appEventListener']>[],
): Promise<void> {
  await trx
    .insertInto('appEventListener')
    .values(listeners)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The stored value (JSON text) of key `key` of project `projectId`'s store, if it has one. */
export async function findStoreEntry(db: Kysely<Database>, projectId: string, key: string) {
  return db
    .selectFrom('storeEntry')
    .select('value')
    .where('projectId', '=', projectId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Removes key `key` of project `projectId`'s store. */
export async function deleteStoreEntry(trx: Kysely<Database>, projectId: string, key: string): Promise<void> {
  await trx.deleteFrom('storeEntry').where('projectId', '=', projectId).where('key', '=', key).execute();
}

/** Sets key `key` of project `projectId`'s store to `value` (JSON text). */
export async function upsertStoreEntry(
  trx: Kysely<Database>,
  projectId: string,
  key: string,
  value: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('storeEntry')
    .values({ projectId, key, value, updated: now })
    .onConflict((conflict) => conflict.columns(['projectId', 'key']).doUpdateSet({ value, updated: now }))
    .execute();
}

/** Sets the next renewal of flow `flowId`'s source, if it is still version `flowVersionId` due at `from`. */
export async function setNextRenewAt(
  trx: Kysely<Database>,
  flowId: string,
  flowVersionId: string,
  from: string | null,
  nextRenewAt: string | null,
  now: string,
): Promise<void> {
  await trx
    .updateTable('triggerSource')
    .set({ nextRenewAt, updated: now })
    .where('flowId', '=', flowId)
    .where('flowVersionId', '=', flowVersionId)
    .where('nextRenewAt', '=', from)
    .execute();
}

/** Sets the next poll of flow `flowId`'s source. */
export async function setNextPollAt(
  trx: Kysely<Database>,
  flowId: string,
  nextPollAt: string | null,
  now: string,
): Promise<void> {
  await trx
    .updateTable('triggerSource')
    .set({ nextPollAt, updated: now })
    .where('flowId', '=', flowId)
    .execute();
}
