/**
 * The queries of the agent tools: the flow, table, project and run a tool stands for, and the
 * ranked search of a knowledge base table's records. Each takes the Kysely instance to run on.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infrastructure/storage/database';
import { containsPattern } from '../../../infrastructure/storage/like-pattern';

/** The flow of project `projectId` whose externalId or id is `externalFlowId` (the oldest if several). */
export async function findToolFlow(db: Kysely<Database>, projectId: string, externalFlowId: string) {
  return db
    .selectFrom('flow')
    .select(['id', 'status', 'publishedVersionId'])
    .where('projectId', '=', projectId)
    .where((eb) => eb.or([eb('externalId', '=', externalFlowId), eb('id', '=', externalFlowId)]))
    .orderBy('created')
    .executeTakeFirst();
}

/** The trigger and display name of flow version `versionId`; throws when it does not exist. */
export async function findToolFlowVersion(db: Kysely<Database>, versionId: string) {
  return db
    .selectFrom('flowVersion')
    .select(['trigger', 'displayName'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
}

/** The trigger of flow version `versionId`, if it exists. */
export async function findVersionTrigger(db: Kysely<Database>, versionId: string) {
  return db.selectFrom('flowVersion').select('trigger').where('id', '=', versionId).executeTakeFirst();
}

/** The table of project `projectId` whose id or externalId is `sourceId`. */
export async function findKnowledgeBaseTable(db: Kysely<Database>, projectId: string, sourceId: string) {
  return db
    .selectFrom('dataTable')
    .select(['id', 'projectId', 'name'])
    .where('projectId', '=', projectId)
    .where((eb) => eb.or([eb('id', '=', sourceId), eb('externalId', '=', sourceId)]))
    .executeTakeFirst();
}

/**
 * The ids of table `tableId`'s `limit` records best matching `words`, scored and ranked in the
 * database (one LIKE per word over the table's cells), best first, then newest first.
 */
export async function rankRecordsByWords(
  db: Kysely<Database>,
  tableId: string,
  words: readonly string[],
  limit: number,
) {
  // A word scores 1 for a record when any of its cells contains it.
  const score = sql.join(
    words.map(
      (word) =>
        sql`max(case when lower(${sql.ref('tableCell.value')}) like lower(${containsPattern(word)}) escape '\\' then 1 else 0 end)`,
    ),
    sql` + `,
  );
  return db
    .selectFrom('tableCell')
    .innerJoin('tableRecord', 'tableRecord.id', 'tableCell.recordId')
    .select('tableCell.recordId')
    .where('tableCell.tableId', '=', tableId)
    .groupBy(['tableCell.recordId', 'tableRecord.created'])
    .having(sql<number>`${score}`, '>', 0)
    .orderBy(sql`${score}`, 'desc')
    .orderBy('tableRecord.created', 'desc')
    .orderBy('tableCell.recordId', 'desc')
    .limit(limit)
    .execute();
}

/** The `tableRecord` rows of `ids` (in no particular order). */
export async function selectRecordsByIds(db: Kysely<Database>, ids: string[]) {
  return db.selectFrom('tableRecord').selectAll().where('id', 'in', ids).execute();
}

/** Project `projectId`'s row, if it exists. */
export async function findProjectRow(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('project').selectAll().where('id', '=', projectId).executeTakeFirst();
}

/** Run `runId` of project `projectId` (the fields a piece tool needs), if it is one. */
export async function findToolRun(db: Kysely<Database>, runId: string, projectId: string) {
  return db
    .selectFrom('flowRun')
    .select(['id', 'flowId', 'flowVersionId', 'projectId', 'environment'])
    .where('id', '=', runId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}
