/**
 * The `agentRun` rows: what an agent run persists (its state after every step) and how a row
 * reads as the API's AgentRun. The executor and the routes use these; nothing else writes the table.
 */
import {
  AgentRunStatus,
  type AgentMessage,
  type AgentResult,
  type AgentRun,
  type AgentStepRequest,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import type { AgentRunTable } from '../../infrastructure/storage/rows/agent-rows';

/**
 * What an agent run has done so far: the whole conversation (system prompt first), its result
 * (the step's output: blocks, turns, usage, status) and the tool calls started (a call started
 * but without a result was cut short by a restart: it is reported, never made again).
 */
export interface AgentRunState {
  messages: AgentMessage[];
  result: AgentResult;
  startedToolCallIds: string[];
}

/** The state of a new agent run on `request`: nothing done yet. */
export function initialAgentRunState(request: AgentStepRequest): AgentRunState {
  return {
    messages: [],
    result: {
      prompt: request.prompt,
      steps: [],
      status: 'IN_PROGRESS',
      turns: [],
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    },
    startedToolCallIds: [],
  };
}

/** The agent run statuses of a run not ended yet. */
export const OPEN_AGENT_RUN_STATUSES: readonly AgentRunStatus[] = [
  AgentRunStatus.enum.QUEUED,
  AgentRunStatus.enum.RUNNING,
];

/** The row of agent run `id`, if any. */
export async function findAgentRunRow(db: Kysely<Database>, id: string): Promise<AgentRunTable | undefined> {
  return db.selectFrom('agentRun').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes the state (and status) of an open agent run; false when it ended meanwhile. */
export async function saveAgentRunState(
  db: Kysely<Database>,
  id: string,
  status: AgentRunStatus,
  state: AgentRunState,
  now: string,
  error: string | null = null,
): Promise<boolean> {
  const written = await db
    .updateTable('agentRun')
    .set({ status, state: toJson(state), error, updated: now })
    .where('id', '=', id)
    .where('status', 'in', OPEN_AGENT_RUN_STATUSES)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

/** Ends the open agent runs of the flow runs `flowRunIds` CANCELED (the runs were canceled), in `trx`. */
export async function cancelAgentRunsOf(
  trx: Kysely<Database>,
  flowRunIds: readonly string[],
  now: string,
): Promise<void> {
  if (flowRunIds.length === 0) return;
  await trx
    .updateTable('agentRun')
    .set({ status: AgentRunStatus.enum.CANCELED, updated: now })
    .where('flowRunId', 'in', flowRunIds)
    .where('status', 'in', OPEN_AGENT_RUN_STATUSES)
    .execute();
}

/** The API view of an agent run row. */
export function agentRunFromRow(row: AgentRunTable): AgentRun {
  const request = fromJson<AgentStepRequest>(row.request)!;
  const state = fromJson<AgentRunState>(row.state) ?? initialAgentRunState(request);
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    flowRunId: row.flowRunId,
    stepName: row.stepName,
    status: row.status as AgentRunStatus,
    request,
    messages: state.messages,
    result: state.result,
    error: row.error,
  };
}
