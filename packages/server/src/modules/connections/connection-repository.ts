/**
 * The SQL of a project's app connections (`appConnection`) and of the stored values runs read:
 * one query per function, on the db or a write transaction.
 */
import { generateId, type Page } from '@piecework/shared';
import type { Insertable, Kysely } from 'kysely';
import type { AppConnectionTable, Database, JsonText } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { withConnectionFilters, type ConnectionFilters } from './connection-filter-repository';
import { CONNECTION_COLUMNS, type ConnectionRow } from './connection-view';
import type { StoredConnection } from './oauth2/connection-refresh';
import type { ConnectionContentColumns, ConnectionIdentity } from './upsert-connection';

/**
 * Writes an upsert's row in `trx`: updates row `existingId` with `fields` when there is one, else
 * inserts a new row of `identity` with them. Answers the row as written. Both scopes (project
 * and global connections) upsert through it.
 */
export async function writeConnectionRow(
  trx: Kysely<Database>,
  existingId: string | undefined,
  fields: ConnectionContentColumns & Partial<Insertable<AppConnectionTable>>,
  identity: ConnectionIdentity,
): Promise<ConnectionRow> {
  if (existingId !== undefined) {
    return trx
      .updateTable('appConnection')
      .set(fields)
      .where('id', '=', existingId)
      .returning(CONNECTION_COLUMNS)
      .executeTakeFirstOrThrow();
  }
  return trx
    .insertInto('appConnection')
    .values({ ...fields, ...identity, id: generateId() })
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The id of project `projectId`'s connection `externalId`, if it has one. */
export async function findProjectConnectionId(
  trx: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('appConnection')
    .select('id')
    .where('projectId', '=', projectId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/** Sets the name (and metadata, when given) of connection `id`; the row, or undefined when there is none. */
export async function updateConnectionDetails(
  trx: Kysely<Database>,
  id: string,
  details: { displayName: string; updated: string; metadata?: JsonText | null },
): Promise<ConnectionRow | undefined> {
  return trx
    .updateTable('appConnection')
    .set(details)
    .where('id', '=', id)
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirst();
}

/**
 * One seek page of the connections project `projectId` may use, filtered: its own (scope
 * PROJECT), the global ones shared with it (scope PLATFORM), or both (no scope).
 */
export async function listProjectConnections(
  db: Kysely<Database>,
  projectId: string,
  scope: 'PROJECT' | 'PLATFORM' | undefined,
  filters: ConnectionFilters,
  page: PageRequest,
): Promise<Page<ConnectionRow>> {
  const select = db
    .selectFrom('appConnection')
    .select(CONNECTION_COLUMNS)
    .where((eb) => {
      const own = eb('appConnection.projectId', '=', projectId);
      const shared = eb.and([
        eb('appConnection.scope', '=', 'PLATFORM'),
        eb(
          'appConnection.id',
          'in',
          eb
            .selectFrom('appConnectionProject')
            .select('appConnectionProject.connectionId')
            .where('appConnectionProject.projectId', '=', projectId),
        ),
      ]);
      if (scope === 'PROJECT') return own;
      if (scope === 'PLATFORM') return shared;
      return eb.or([own, shared]);
    });
  return fetchSeekPage(withConnectionFilters(select, filters), 'appConnection', page);
}

/** Deletes connection `id`; the deleted row, or undefined when there was none. */
export async function deleteConnectionRow(
  trx: Kysely<Database>,
  id: string,
): Promise<ConnectionRow | undefined> {
  return trx
    .deleteFrom('appConnection')
    .where('id', '=', id)
    .returning(CONNECTION_COLUMNS)
    .executeTakeFirst();
}

const STORED_COLUMNS = [
  'appConnection.id',
  'appConnection.externalId',
  'appConnection.pieceName',
  'appConnection.value',
  'project.platformId',
] as const;

/**
 * The stored (sealed) connection `externalId` project `projectId` may use, with its platform: the
 * project's own connection of that externalId, else a global connection of the project's platform
 * that lists the project. The project's own connection wins, so a project can override a global
 * one by creating a connection with the same externalId.
 */
export async function findStoredConnection(
  db: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<StoredConnection | undefined> {
  const own = await db
    .selectFrom('appConnection')
    .innerJoin('project', 'project.id', 'appConnection.projectId')
    .select(STORED_COLUMNS)
    .where('appConnection.projectId', '=', projectId)
    .where('appConnection.externalId', '=', externalId)
    .executeTakeFirst();
  if (own !== undefined) return own;
  return db
    .selectFrom('appConnectionProject')
    .innerJoin('appConnection', 'appConnection.id', 'appConnectionProject.connectionId')
    .innerJoin('project', 'project.id', 'appConnectionProject.projectId')
    .select(STORED_COLUMNS)
    .where('appConnectionProject.projectId', '=', projectId)
    .where('appConnection.scope', '=', 'PLATFORM')
    .whereRef('appConnection.platformId', '=', 'project.platformId')
    .where('appConnection.externalId', '=', externalId)
    .executeTakeFirst();
}
