/**
 * The queries of the MCP module: projects' MCP servers, the user an OAuth access token names, the
 * flows a project offers as tools and the status of a run a tool started. Each takes the Kysely
 * instance to run on: `store.db` for reads, or the `trx` of a write transaction for writes.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { McpServerStatus } from '@piecework/shared';
import type { Database, McpServerTable } from '../../infrastructure/storage/database';

/** An `mcpServer` row. */
export type McpServerRow = Selectable<McpServerTable>;

/** Inserts MCP server `row` unless its project has one already (then nothing changes). */
export async function insertMcpServerUnlessPresent(
  trx: Kysely<Database>,
  row: Insertable<McpServerTable>,
): Promise<void> {
  await trx
    .insertInto('mcpServer')
    .values(row)
    .onConflict((conflict) => conflict.column('projectId').doNothing())
    .execute();
}

/** Sets the status of MCP server `id`; answers the updated row. */
export async function setMcpServerStatus(
  trx: Kysely<Database>,
  id: string,
  status: McpServerStatus,
  updated: string,
): Promise<McpServerRow> {
  return trx
    .updateTable('mcpServer')
    .set({ status, updated })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the token (its hash and its sealed value) of MCP server `id`; answers the updated row. */
export async function setMcpServerToken(
  trx: Kysely<Database>,
  id: string,
  token: { hashedToken: string; sealedToken: string; updated: string },
): Promise<McpServerRow> {
  return trx
    .updateTable('mcpServer')
    .set(token)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The MCP server whose token hashes to `hashedToken`, if any. */
export function findMcpServerByHashedToken(
  db: Kysely<Database>,
  hashedToken: string,
): Promise<McpServerRow | undefined> {
  return db.selectFrom('mcpServer').selectAll().where('hashedToken', '=', hashedToken).executeTakeFirst();
}

/** The MCP server of project `projectId`, if it has one. */
export function findMcpServerByProject(
  db: Kysely<Database>,
  projectId: string,
): Promise<McpServerRow | undefined> {
  return db.selectFrom('mcpServer').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

/** User `userId` of platform `platformId`: what a principal of it needs (undefined when there is none). */
export function findPlatformUser(
  db: Kysely<Database>,
  platformId: string,
  userId: string,
): Promise<{ id: string; platformId: string; platformRole: string; email: string } | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'platformId', 'platformRole', 'email'])
    .where('id', '=', userId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** The ENABLED flows of project `projectId` with the trigger of their published version, oldest first. */
export function selectEnabledFlowTriggers(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ flowId: string; trigger: string }[]> {
  return db
    .selectFrom('flow')
    .innerJoin('flowVersion', 'flowVersion.id', 'flow.publishedVersionId')
    .select(['flow.id as flowId', 'flowVersion.trigger as trigger'])
    .where('flow.projectId', '=', projectId)
    .where('flow.status', '=', 'ENABLED')
    .orderBy('flow.created')
    .orderBy('flow.id')
    .execute();
}

/** The status of run `runId` (undefined when there is no such run). */
export function findRunStatus(db: Kysely<Database>, runId: string): Promise<{ status: string } | undefined> {
  return db.selectFrom('flowRun').select('status').where('id', '=', runId).executeTakeFirst();
}
