/**
 * The agent-run reads behind `/v1/agent-runs`: the AgentRun view of the rows the agent executor
 * writes, only ever of the caller's project (another project's agent run is 404).
 */
import type { AgentRun } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { agentRunFromRow } from '../../execution/agents/agent-run-rows';
import { findAgentRunOfProject, listAgentRunRows } from './agent-run-repository';

/** What the agent-run reads use from the server context: its store. */
export type AgentRunDependencies = Pick<ServerContext, 'store'>;

/** A page of the project's agent runs (only `flowRunId`'s when given), newest first. */
export async function listAgentRuns(
  deps: AgentRunDependencies,
  project: ProjectRow,
  flowRunId: string | undefined,
  page: PageRequest,
) {
  const rows = await listAgentRunRows(deps.store.db, project.id, flowRunId, page);
  return mapPage(rows, agentRunFromRow);
}

/** Agent run `id` of the project; 404 when the project has none of that id. */
export async function getAgentRun(
  deps: AgentRunDependencies,
  project: ProjectRow,
  id: string,
): Promise<AgentRun> {
  const row = await findAgentRunOfProject(deps.store.db, id, project.id);
  if (row === undefined) throw notFound('agentRun', id);
  return agentRunFromRow(row);
}
