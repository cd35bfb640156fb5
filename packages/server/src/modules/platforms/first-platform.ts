/**
 * The server's first platform: the one signed up first. On a self-hosted server (AP_EDITION ce or
 * ee) it is the server's platform, the one later sign-ups join; it also owns server-wide changes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { PLATFORM_COLUMNS, type PlatformRow } from './platform-view';

/** The oldest platform, or undefined on a fresh server. */
export function findFirstPlatform(db: Kysely<Database>): Promise<PlatformRow | undefined> {
  return db
    .selectFrom('platform')
    .select(PLATFORM_COLUMNS)
    .orderBy('created')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
