/**
 * The start of an agent step's agent, in the transaction that writes the run PAUSED on it: the
 * run waits on an AGENT waitpoint (resumed only by the server, never through the public resume
 * URL, which takes WEBHOOK waitpoints only), an `agentRun` row records the agent (QUEUED), and an
 * AGENT job runs it. Because the job commits with the pause, the agent never ends before the run
 * is PAUSED.
 */
import { generateId, parseStepPath, type AgentStepRequest } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { initialAgentRunState } from '../agents/agent-run-rows';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';

/** The payload of an AGENT job. */
export interface AgentJobPayload {
  agentRunId: string;
}

/** The waitpoint type of a run waiting for its agent. */
export const AGENT_WAITPOINT_TYPE = 'AGENT';

/**
 * Records, in `trx`, that the PAUSED `run` waits (waitpoint `waitpointId`) for the agent
 * `request` of the step at `pausedPath`, and queues the AGENT job that runs it.
 */
export async function queueAgent(
  trx: Kysely<Database>,
  queue: RunQueue,
  run: FlowRunRow,
  request: AgentStepRequest,
  waitpointId: string,
  pausedPath: string | undefined,
  now: string,
): Promise<void> {
  await trx
    .insertInto('waitpoint')
    .values({ id: waitpointId, runId: run.id, type: AGENT_WAITPOINT_TYPE, resumeAt: null, created: now })
    .execute();
  const agentRunId = generateId();
  await trx
    .insertInto('agentRun')
    .values({
      id: agentRunId,
      platformId: run.platformId,
      projectId: run.projectId,
      flowRunId: run.id,
      waitpointId,
      stepName: pausedPath === undefined ? '' : parseStepPath(pausedPath).stepName,
      status: 'QUEUED',
      request: toJson(request),
      state: toJson(initialAgentRunState(request)),
      error: null,
      created: now,
      updated: now,
    })
    .execute();
  const payload: AgentJobPayload = { agentRunId };
  await queue.enqueue(trx, { runId: run.id, projectId: run.projectId, kind: 'AGENT', payload });
}
