/** The SQL of the `folder` table: one query per function, on the db or a write transaction. */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, FolderTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { FolderRow } from './folder-view';

/** Inserts a folder row and returns it. */
export async function insertFolder(
  trx: Kysely<Database>,
  values: Insertable<FolderTable>,
): Promise<FolderRow> {
  return trx.insertInto('folder').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Renames folder `id`; the updated row, or undefined when there is no such folder. */
export async function updateFolderName(
  trx: Kysely<Database>,
  id: string,
  displayName: string,
  updated: string,
): Promise<FolderRow | undefined> {
  return trx
    .updateTable('folder')
    .set({ displayName, updated })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes folder `id`; the deleted row, or undefined when there was none. */
export async function deleteFolderRow(trx: Kysely<Database>, id: string): Promise<FolderRow | undefined> {
  return trx.deleteFrom('folder').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Folder `id` of project `projectId`, or undefined. */
export async function findProjectFolder(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folder')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** One seek page of project `projectId`'s folders. */
export async function listProjectFolders(
  db: Kysely<Database>,
  projectId: string,
  page: PageRequest,
): Promise<Page<FolderRow>> {
  return fetchSeekPage(
    db.selectFrom('folder').selectAll('folder').where('folder.projectId', '=', projectId),
    'folder',
    page,
  );
}

/** The id and name of every folder of project `projectId`. */
export async function listFolderNames(
  trx: Kysely<Database>,
  projectId: string,
): Promise<{ id: string; displayName: string }[]> {
  return trx.selectFrom('folder').select(['id', 'displayName']).where('projectId', '=', projectId).execute();
}
