/**
 * The queries of the sample-data module: the project and the user a tested step's run belongs
 * to, read when its sample is saved. Each takes the Kysely instance to run on (a `trx`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** Project `projectId`'s row, if it exists. */
export async function findProjectOfRun(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('project').selectAll().where('id', '=', projectId).executeTakeFirst();
}

/** The id and email of user `userId` of platform `platformId`, if it is one. */
export async function findUserOfPlatform(db: Kysely<Database>, userId: string, platformId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}
