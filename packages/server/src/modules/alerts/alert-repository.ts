/** The SQL of the `alert` table: one query per function, on the db or a write transaction. */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AlertTable, Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** An `alert` row. */
export type AlertRow = Selectable<AlertTable>;

/** The receiver `receiver` on `channel` of project `projectId`, or undefined. */
export async function findAlert(
  db: Kysely<Database>,
  projectId: string,
  channel: string,
  receiver: string,
): Promise<AlertRow | undefined> {
  return db
    .selectFrom('alert')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('channel', '=', channel)
    .where('receiver', '=', receiver)
    .executeTakeFirst();
}

/** Inserts an alert row and returns it. */
export async function insertAlert(trx: Kysely<Database>, values: Insertable<AlertTable>): Promise<AlertRow> {
  return trx.insertInto('alert').values(values).returningAll().executeTakeFirstOrThrow();
}

/** One seek page of project `projectId`'s alert receivers. */
export async function fetchAlertPage(
  db: Kysely<Database>,
  projectId: string,
  page: PageRequest,
): Promise<Page<AlertRow>> {
  return fetchSeekPage(
    db.selectFrom('alert').selectAll('alert').where('alert.projectId', '=', projectId),
    'alert',
    page,
  );
}

/** Deletes alert `id` of project `projectId` (nothing when there is none). */
export async function deleteAlertRow(trx: Kysely<Database>, projectId: string, id: string): Promise<void> {
  await trx.deleteFrom('alert').where('id', '=', id).where('projectId', '=', projectId).execute();
}

/** The EMAIL receivers of project `projectId`. */
export async function listEmailReceivers(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ receiver: string }[]> {
  return db
    .selectFrom('alert')
    .select('receiver')
    .where('projectId', '=', projectId)
    .where('channel', '=', 'EMAIL')
    .execute();
}

/** The display name of project `projectId`, or undefined when there is no such project. */
export async function findProjectDisplayName(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ displayName: string } | undefined> {
  return db.selectFrom('project').select('displayName').where('id', '=', projectId).executeTakeFirst();
}
