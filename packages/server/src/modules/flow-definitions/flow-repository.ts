/**
 * The queries of the flows module. Each takes the Kysely instance to run on: `ctx.store.db` for
 * reads, or the `trx` of a write transaction for reads and writes inside one.
 *
 * "Latest version" of a flow: its DRAFT if it has one (a flow has at most one), else its newest
 * version by `(created, id)`. Preferring the draft keeps the answer right even when a new draft and
 * the version it was copied from share a millisecond.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Flow, FlowStatus, FlowVersion, FlowVersionState, Page } from '@piecework/shared';
import type { Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { flowToRow, flowVersionToRow, type FlowRow, type FlowVersionRow } from './flow-rows';
import { compiledStatement } from '../../infrastructure/storage/compiled-statement';
import { containsPattern } from '../../infrastructure/storage/like-pattern';

/** `folderId` value that filters the flows in no folder (the Activepieces spelling). */
export const NO_FOLDER = 'NULL';

/** SQL for the id of the latest version of the flow whose id is in column `flowIdColumn`. */
function latestVersionId(flowIdColumn: string): RawBuilder<string> {
  return sql<string>`(select ${sql.ref('lv.id')} from ${sql.table('flowVersion')} as ${sql.id('lv')}
    where ${sql.ref('lv.flowId')} = ${sql.ref(flowIdColumn)}
    order by case when ${sql.ref('lv.state')} = 'DRAFT' then 0 else 1 end,
      ${sql.ref('lv.created')} desc, ${sql.ref('lv.id')} desc
    limit 1)`;
}

/** The flow `flowId` if it belongs to a project of `platformId` (else undefined: answer 404). */
export async function findFlowInProject(
  db: Kysely<Database>,
  flowId: string,
  projectId: string,
): Promise<FlowRow | undefined> {
  return db
    .selectFrom('flow')
    .selectAll()
    .where('id', '=', flowId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** The flow `flowId`, unscoped (use after the caller was authorized for its project). */
export async function findFlow(db: Kysely<Database>, flowId: string): Promise<FlowRow | undefined> {
  return (await selectFlow.run(db, { id: flowId })).rows[0];
}

const selectFlow = compiledStatement<{ id: string }, FlowRow>((db, param) =>
  db.selectFrom('flow').selectAll().where('id', '=', param('id')),
);

/** The latest version of a flow (every flow has at least one). */
export async function findLatestVersion(
  db: Kysely<Database>,
  flowId: string,
): Promise<FlowVersionRow | undefined> {
  return db
    .selectFrom('flowVersion')
    .selectAll()
    .where('flowId', '=', flowId)
    .orderBy(sql`case when ${sql.ref('state')} = 'DRAFT' then 0 else 1 end`)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Version `versionId` if it is a version of flow `flowId` (else undefined: answer 404). */
export async function findVersionOfFlow(
  db: Kysely<Database>,
  flowId: string,
  versionId: string,
): Promise<FlowVersionRow | undefined> {
  return (await selectVersionOfFlow.run(db, { id: versionId, flowId })).rows[0];
}

const selectVersionOfFlow = compiledStatement<{ id: string; flowId: string }, FlowVersionRow>((db, param) =>
  db
    .selectFrom('flowVersion')
    .selectAll()
    .where('id', '=', param('id'))
    .where('flowId', '=', param('flowId')),
);

/** The versions with these ids, by id (one query for a whole page of flows). */
export async function findVersionsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, FlowVersionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('flowVersion').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Filters of {@link listFlows}; `name` is a case-insensitive substring of the latest version's name. */
export interface FlowFilters {
  projectId: string;
  folderId?: string | undefined;
  status?: FlowStatus[] | undefined;
  name?: string | undefined;
  versionState?: FlowVersionState | undefined;
  externalIds?: string[] | undefined;
}

/** A page of flows (newest first), each with the id of its latest version. */
export async function listFlows(
  db: Kysely<Database>,
  filters: FlowFilters,
  page: PageRequest,
): Promise<Page<FlowRow & { latestVersionId: string }>> {
  let query = db
    .selectFrom('flow')
    .innerJoin('flowVersion as latest', (join) =>
      join.on(sql<SqlBool>`${sql.ref('latest.id')} = ${latestVersionId('flow.id')}`),
    )
    .selectAll('flow')
    .select('latest.id as latestVersionId')
    .where('flow.projectId', '=', filters.projectId);
  if (filters.folderId !== undefined) {
    query =
      filters.folderId === NO_FOLDER
        ? query.where('flow.folderId', 'is', null)
        : query.where('flow.folderId', '=', filters.folderId);
  }
  if (filters.status !== undefined && filters.status.length > 0) {
    query = query.where('flow.status', 'in', filters.status);
  }
  if (filters.externalIds !== undefined && filters.externalIds.length > 0) {
    query = query.where('flow.externalId', 'in', filters.externalIds);
  }
  if (filters.versionState !== undefined) {
    query = query.where('latest.state', '=', filters.versionState);
  }
  if (filters.name !== undefined && filters.name !== '') {
    const pattern = containsPattern(filters.name.toLowerCase());
    query = query.where(sql<SqlBool>`lower(${sql.ref('latest.displayName')}) like ${pattern} escape '\\'`);
  }
  return fetchSeekPage(query, 'flow', page);
}

/** How many flows a project has (optionally in one folder, or in none with {@link NO_FOLDER}). */
export async function countFlows(
  db: Kysely<Database>,
  projectId: string,
  folderId: string | undefined,
): Promise<number> {
  let query = db
    .selectFrom('flow')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('projectId', '=', projectId);
  if (folderId !== undefined) {
    query =
      folderId === NO_FOLDER ? query.where('folderId', 'is', null) : query.where('folderId', '=', folderId);
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of a flow's versions, newest first. */
export async function listVersions(
  db: Kysely<Database>,
  flowId: string,
  page: PageRequest,
): Promise<Page<FlowVersionRow>> {
  return fetchSeekPage(
    db.selectFrom('flowVersion').selectAll().where('flowId', '=', flowId),
    'flowVersion',
    page,
  );
}

/** Inserts a new version. */
export async function insertVersion(trx: Kysely<Database>, version: FlowVersion): Promise<void> {
  await trx.insertInto('flowVersion').values(flowVersionToRow(version)).execute();
}

/** Writes every column of an existing version. */
export async function updateVersion(trx: Kysely<Database>, version: FlowVersion): Promise<void> {
  const { id, ...columns } = flowVersionToRow(version);
  await trx.updateTable('flowVersion').set(columns).where('id', '=', id).execute();
}

/** Inserts a new flow. */
export async function insertFlow(trx: Kysely<Database>, flow: Flow): Promise<void> {
  await trx.insertInto('flow').values(flowToRow(flow)).execute();
}

/** Writes every column of an existing flow. */
export async function updateFlow(trx: Kysely<Database>, flow: Flow): Promise<void> {
  const { id, ...columns } = flowToRow(flow);
  await trx.updateTable('flow').set(columns).where('id', '=', id).execute();
}

/** Deletes a flow and all its versions. */
export async function deleteFlow(trx: Kysely<Database>, flowId: string): Promise<void> {
  await trx.deleteFrom('flowVersion').where('flowId', '=', flowId).execute();
  await trx.deleteFrom('flow').where('id', '=', flowId).execute();
}

/** True when project `projectId` has a flow with this externalId. */
export async function externalIdTaken(
  db: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('flow')
    .select('id')
    .where('projectId', '=', projectId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when `folderId` is a folder of project `projectId`. */
export async function folderInProject(
  db: Kysely<Database>,
  folderId: string,
  projectId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('folder')
    .select('id')
    .where('id', '=', folderId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when `userId` is a user of platform `platformId`. */
export async function userInPlatform(
  db: Kysely<Database>,
  userId: string,
  platformId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('id', '=', userId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return row !== undefined;
}

/** `First Last` of a user, as an export's author; empty when there is no such user. */
export async function userDisplayName(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('user')
    .select(['firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? '' : `${row.firstName} ${row.lastName}`.trim();
}

/** Escapes `%`, `_` and `\` for a `like ... escape '\'` pattern. */

/** The trigger of every version of flow `flowId` (to find the sample-data files they refer to). */
export async function versionTriggersOfFlow(db: Kysely<Database>, flowId: string) {
  return db.selectFrom('flowVersion').select('trigger').where('flowId', '=', flowId).execute();
}

/** The display name of flow version `versionId`, if it exists. */
export function findVersionDisplayName(db: Kysely<Database>, versionId: string) {
  return db.selectFrom('flowVersion').select('displayName').where('id', '=', versionId).executeTakeFirst();
}
