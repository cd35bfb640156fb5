/**
 * The SQL of global (PLATFORM-scope) connections and of the projects they are shared with
 * (`appConnectionProject`): one query per function, on the db or a write transaction.
 */
import type { Page } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database, JsonText, SqlBoolean } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { withConnectionFilters, type ConnectionFilters } from './connection-filter-repository';
import { CONNECTION_COLUMNS, type ConnectionRow } from './connection-view';

/** The id of platform `platformId`'s global connection `externalId`, if it has one. */
export async function findGlobalConnectionId(
  trx: Kysely<Database>,
  platformId: string,
  externalId: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('appConnection')
    .select('id')
    .where('platformId', '=', platformId)
    .where('scope', '=', 'PLATFORM')
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/**
 * Sets the name (and preselection and metadata, when given) of platform `platformId`'s global
 * connection `id`; the row, or undefined when there is none.
 */
export async function updateGlobalConnectionDetails(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
  details: {
    displayName: string;
    updated: string;
    preSelectForNewProjects?: SqlBoolean;
    metadata?: JsonText | null;
  },
): Promise<ConnectionRow | undefined> {
  return trx
    .updateTable('appConnection')
    .set(details)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .where('scope', '=', 'PLATFORM')
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirst();
}

/** One seek page of platform `platformId`'s global connections, filtered. */
export async function listGlobalConnectionRows(
  db: Kysely<Database>,
  platformId: string,
  filters: ConnectionFilters,
  page: PageRequest,
): Promise<Page<ConnectionRow>> {
  const select = db
    .selectFrom('appConnection')
    .select(CONNECTION_COLUMNS)
    .where('appConnection.platformId', '=', platformId)
    .where('appConnection.scope', '=', 'PLATFORM');
  return fetchSeekPage(withConnectionFilters(select, filters), 'appConnection', page);
}

/** Deletes platform `platformId`'s global connection `id`; the deleted row, or undefined when there was none. */
export async function deleteGlobalConnectionRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<ConnectionRow | undefined> {
  return trx
    .deleteFrom('appConnection')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .where('scope', '=', 'PLATFORM')
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirst();
}

/** The (connection, project) pairs of `connectionIds`, ordered by project id. */
export async function selectConnectionProjects(
  db: Kysely<Database>,
  connectionIds: readonly string[],
): Promise<{ connectionId: string; projectId: string }[]> {
  return db
    .selectFrom('appConnectionProject')
    .select(['connectionId', 'projectId'])
    .where('connectionId', 'in', connectionIds)
    .orderBy('projectId')
    .execute();
}

/** Those of `projectIds` that are projects of platform `platformId`. */
export async function selectPlatformProjectIds(
  trx: Kysely<Database>,
  platformId: string,
  projectIds: readonly string[],
): Promise<{ id: string }[]> {
  return trx
    .selectFrom('project')
    .select('id')
    .where('platformId', '=', platformId)
    .where('id', 'in', projectIds)
    .execute();
}

/** Unshares global connection `connectionId` from every project. */
export async function deleteConnectionProjects(trx: Kysely<Database>, connectionId: string): Promise<void> {
  await trx.deleteFrom('appConnectionProject').where('connectionId', '=', connectionId).execute();
}

/** Shares connections with projects, one (connection, project) pair each. */
export async function insertConnectionProjects(
  trx: Kysely<Database>,
  pairs: readonly { connectionId: string; projectId: string }[],
): Promise<void> {
  await trx.insertInto('appConnectionProject').values(pairs).execute();
}

/** The ids of platform `platformId`'s global connections marked `preSelectForNewProjects`. */
export async function selectPreselectedConnectionIds(
  trx: Kysely<Database>,
  platformId: string,
): Promise<{ id: string }[]> {
  return trx
    .selectFrom('appConnection')
    .select('id')
    .where('platformId', '=', platformId)
    .where('scope', '=', 'PLATFORM')
    .where('preSelectForNewProjects', '=', 1)
    .execute();
}
