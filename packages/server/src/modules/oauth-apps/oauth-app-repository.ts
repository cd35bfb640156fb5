/** The SQL of the `oauthApp` table: one query per function, on the db or a write transaction. */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OAuthAppTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** Every column of `oauthApp` but the sealed secret. */
const OAUTH_APP_COLUMNS = ['id', 'created', 'updated', 'platformId', 'pieceName', 'clientId'] as const;

/** An `oauthApp` row without its sealed secret. */
export type OAuthAppListedRow = Omit<Selectable<OAuthAppTable>, 'clientSecret'>;

/** One seek page of platform `platformId`'s OAuth2 apps, without their secrets. */
export async function listPlatformOAuthApps(
  db: Kysely<Database>,
  platformId: string,
  page: PageRequest,
): Promise<Page<OAuthAppListedRow>> {
  const select = db.selectFrom('oauthApp').select(OAUTH_APP_COLUMNS).where('platformId', '=', platformId);
  return fetchSeekPage(select, 'oauthApp', page);
}

/** The id of platform `platformId`'s OAuth2 app for piece `pieceName`, if it has one. */
export async function findOAuthAppId(
  trx: Kysely<Database>,
  platformId: string,
  pieceName: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('oauthApp')
    .select('id')
    .where('platformId', '=', platformId)
    .where('pieceName', '=', pieceName)
    .executeTakeFirst();
}

/** Inserts an OAuth2 app row; answers it without its secret. */
export async function insertOAuthApp(
  trx: Kysely<Database>,
  values: Insertable<OAuthAppTable>,
): Promise<OAuthAppListedRow> {
  return trx.insertInto('oauthApp').values(values).returning(OAUTH_APP_COLUMNS).executeTakeFirstOrThrow();
}

/** Sets the client of OAuth2 app `id`; answers it without its secret. */
export async function updateOAuthAppClient(
  trx: Kysely<Database>,
  id: string,
  client: { clientId: string; clientSecret: string; updated: string },
): Promise<OAuthAppListedRow> {
  return trx
    .updateTable('oauthApp')
    .set(client)
    .where('id', '=', id)
    .returning(OAUTH_APP_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes OAuth2 app `id` of platform `platformId`; how many rows went (0 or 1). */
export async function deletePlatformOAuthApp(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<number> {
  const deleted = await trx
    .deleteFrom('oauthApp')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
