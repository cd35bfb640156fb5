/** The SQL of the `gitRepo` table: one query per function, on the db or a write transaction. */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, GitRepoTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { GitRepoRow } from './git-repo-view';

/** Inserts a repository row and returns it. */
export async function insertGitRepo(
  trx: Kysely<Database>,
  values: Insertable<GitRepoTable>,
): Promise<GitRepoRow> {
  return trx.insertInto('gitRepo').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes repository `id`'s columns in `values` and returns the row. */
export async function updateGitRepo(
  trx: Kysely<Database>,
  id: string,
  values: Updateable<GitRepoTable>,
): Promise<GitRepoRow> {
  return trx.updateTable('gitRepo').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Project `projectId`'s repository, or undefined. */
export async function selectProjectGitRepo(
  db: Kysely<Database>,
  projectId: string,
): Promise<GitRepoRow | undefined> {
  return db.selectFrom('gitRepo').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

/** Repository `id` of project `projectId`, or undefined. */
export async function selectGitRepo(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<GitRepoRow | undefined> {
  return db
    .selectFrom('gitRepo')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** One seek page of project `projectId`'s repositories (one at most). */
export async function listProjectGitRepos(
  db: Kysely<Database>,
  projectId: string,
  page: PageRequest,
): Promise<Page<GitRepoRow>> {
  return fetchSeekPage(
    db.selectFrom('gitRepo').selectAll('gitRepo').where('gitRepo.projectId', '=', projectId),
    'gitRepo',
    page,
  );
}

/** Deletes repository `id` of project `projectId`; the deleted row, or undefined when there was none. */
export async function deleteGitRepoRow(
  trx: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<GitRepoRow | undefined> {
  return trx
    .deleteFrom('gitRepo')
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .returningAll()
    .executeTakeFirst();
}

/** Records repository `id`'s known hosts, unless the row changed its remote meanwhile. */
export async function updateKnownHosts(
  trx: Kysely<Database>,
  id: string,
  remoteUrl: string,
  knownHosts: string,
): Promise<void> {
  await trx
    .updateTable('gitRepo')
    .set({ knownHosts })
    .where('id', '=', id)
    .where('remoteUrl', '=', remoteUrl)
    .execute();
}

/** User `id`'s name and email, or undefined. */
export async function selectUserName(
  db: Kysely<Database>,
  id: string,
): Promise<{ firstName: string; lastName: string; email: string } | undefined> {
  return db
    .selectFrom('user')
    .select(['firstName', 'lastName', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}
