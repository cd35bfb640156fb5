/**
 * External ids (the id a thing has in an embedding product) are unique per platform for users and
 * projects: one check, answering 409 CONFLICT, for every route that sets one.
 */
import { PieceworkError } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from './database';

/** The tables whose rows carry a per-platform unique `externalId`. */
export type ExternalIdTable = 'user' | 'project';

/**
 * Throws 409 CONFLICT when another row of `table` on the platform already has `externalId`
 * (nothing to check when it is undefined). Call it inside the write transaction that sets it.
 */
export async function assertExternalIdFree(
  trx: Kysely<Database>,
  table: ExternalIdTable,
  platformId: string,
  externalId: string | undefined,
): Promise<void> {
  if (externalId === undefined) return;
  // Both tables have these columns; Kysely types the query for one of them.
  const clash = await trx
    .selectFrom(table as 'user')
    .select('id')
    .where('platformId', '=', platformId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
  if (clash !== undefined) {
    throw new PieceworkError('CONFLICT', {
      message: `A ${table} with externalId ${externalId} already exists`,
      externalId,
    });
  }
}
