/** The SQL of federated sign-in: one query per function, on the db or a write transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** The Google sign-in toggle of platform `platformId`, or undefined when there is no such platform. */
export async function findPlatformGoogleAuth(
  db: Kysely<Database>,
  platformId: string,
): Promise<{ googleAuthEnabled: number } | undefined> {
  return db
    .selectFrom('platform')
    .select('googleAuthEnabled')
    .where('id', '=', platformId)
    .executeTakeFirst();
}
