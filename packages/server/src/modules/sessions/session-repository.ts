/** SQL of the `userSession` table: one query per function. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SessionEndReason } from '@piecework/shared';
import type { Database, UserSessionTable } from '../../infrastructure/storage/database';

/** A `userSession` row. */
export type UserSessionRow = Selectable<UserSessionTable>;

/** Inserts a session row. */
export async function insertSession(trx: Kysely<Database>, row: Insertable<UserSessionTable>): Promise<void> {
  await trx.insertInto('userSession').values(row).execute();
}

/** The open (not ended, not expired at `now`) sessions of user `userId`, newest first. */
export async function selectOpenSessions(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<UserSessionRow[]> {
  return db
    .selectFrom('userSession')
    .selectAll()
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Which open sessions of one user {@link endOpenSessions} ends: all, one, or all but one. */
export interface SessionSelection {
  readonly userId: string;
  readonly only?: string;
  readonly except?: string;
}

/** Marks the open sessions of `selection` ended at `now` for `reason`; answers how many it ended. */
export async function endOpenSessions(
  trx: Kysely<Database>,
  selection: SessionSelection,
  reason: SessionEndReason,
  now: string,
): Promise<number> {
  let update = trx
    .updateTable('userSession')
    .set({ endedAt: now, endReason: reason })
    .where('userId', '=', selection.userId)
    .where('endedAt', 'is', null);
  if (selection.only !== undefined) update = update.where('id', '=', selection.only);
  if (selection.except !== undefined) update = update.where('id', '!=', selection.except);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Sets session `id`'s `lastSeenAt` to `now` unless a request wrote it at or after `staleBefore`
 * (another process may have just done so): at most one write per session and resolution.
 */
export async function touchSession(
  db: Kysely<Database>,
  id: string,
  now: string,
  staleBefore: string,
): Promise<void> {
  await db
    .updateTable('userSession')
    .set({ lastSeenAt: now })
    .where('id', '=', id)
    .where('lastSeenAt', '<', staleBefore)
    .execute();
}

/** Whether user `userId` belongs to platform `platformId`. */
export async function isUserOfPlatform(
  db: Kysely<Database>,
  platformId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('id', '=', userId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds one to user `userId`'s `tokenVersion`: every token issued before is refused. */
export async function bumpTokenVersion(trx: Kysely<Database>, userId: string, now: string): Promise<void> {
  await trx
    .updateTable('user')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), updated: now }))
    .where('id', '=', userId)
    .execute();
}
