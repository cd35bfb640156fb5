/**
 * The queries on the `schedule` table: one row per enabled flow with a schedule trigger, holding
 * when it is next due. Each takes the Kysely instance to run on (`ctx.store.db` or a `trx`).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ScheduleTable } from '../../infrastructure/storage/database';

/** A `schedule` row as read. */
export type ScheduleRow = Selectable<ScheduleTable>;

/** The schedule of flow `flowId`, if it has one. */
export async function findSchedule(db: Kysely<Database>, flowId: string): Promise<ScheduleRow | undefined> {
  return db.selectFrom('schedule').selectAll().where('flowId', '=', flowId).executeTakeFirst();
}

/** Inserts or replaces the schedule of `row.flowId`. */
export async function upsertSchedule(trx: Kysely<Database>, row: ScheduleRow): Promise<void> {
  const { flowId: _flowId, created: _created, ...changes } = row;
  await trx
    .insertInto('schedule')
    .values(row)
    .onConflict((conflict) => conflict.column('flowId').doUpdateSet(changes))
    .execute();
}

/** Removes the schedule of flow `flowId` (nothing when it has none). */
export async function deleteSchedule(trx: Kysely<Database>, flowId: string): Promise<void> {
  await trx.deleteFrom('schedule').where('flowId', '=', flowId).execute();
}

/** The flow ids of schedules due at `now` (nextRunAt <= now), earliest first, at most `limit`. */
export async function dueSchedules(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('schedule')
    .select('flowId')
    .where('nextRunAt', '<=', now)
    .orderBy('nextRunAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.flowId);
}

/** The earliest nextRunAt of all schedules, or null when there are none. */
export async function earliestNextRunAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('schedule')
    .select((eb) => eb.fn.min('nextRunAt').as('earliest'))
    .executeTakeFirst();
  return row?.earliest ?? null;
}

/**
 * Moves the schedule of `flowId` from `from` to `to` (null: it never fires again, the row goes).
 * Only when its nextRunAt is still `from`: a schedule replaced meanwhile is left as it is.
 */
export async function advanceSchedule(
  trx: Kysely<Database>,
  flowId: string,
  from: string,
  to: string | null,
  now: string,
): Promise<void> {
  if (to === null) {
    await trx.deleteFrom('schedule').where('flowId', '=', flowId).where('nextRunAt', '=', from).execute();
    return;
  }
  await trx
    .updateTable('schedule')
    .set({ nextRunAt: to, updated: now })
    .where('flowId', '=', flowId)
    .where('nextRunAt', '=', from)
    .execute();
}

/** The id of the run of flow `flowId` with this `triggeredBy`, if one was created. */
export async function findRunTriggeredBy(db: Kysely<Database>, flowId: string, triggeredBy: string) {
  return db
    .selectFrom('flowRun')
    .select('id')
    .where('flowId', '=', flowId)
    .where('triggeredBy', '=', triggeredBy)
    .executeTakeFirst();
}

/** The status, published version and platform of flow `flowId`, if it exists. */
export async function findScheduledFlow(db: Kysely<Database>, flowId: string) {
  return db
    .selectFrom('flow')
    .innerJoin('project', 'project.id', 'flow.projectId')
    .select(['flow.status', 'flow.publishedVersionId', 'project.platformId'])
    .where('flow.id', '=', flowId)
    .executeTakeFirst();
}
