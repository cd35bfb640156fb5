/**
 * The queries on the `agentRun` table behind the agent-run routes (read only: the agent executor
 * alone writes agent runs). Each takes the Kysely instance to run on.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** A page of project `projectId`'s agent runs (only flow run `flowRunId`'s when given), newest first. */
export async function listAgentRunRows(
  db: Kysely<Database>,
  projectId: string,
  flowRunId: string | undefined,
  page: PageRequest,
) {
  let rows = db.selectFrom('agentRun').selectAll('agentRun').where('agentRun.projectId', '=', projectId);
  if (flowRunId !== undefined) rows = rows.where('agentRun.flowRunId', '=', flowRunId);
  return fetchSeekPage(rows, 'agentRun', page);
}

/** Agent run `id` if it is one of project `projectId`'s. */
export async function findAgentRunOfProject(db: Kysely<Database>, id: string, projectId: string) {
  return db
    .selectFrom('agentRun')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}
