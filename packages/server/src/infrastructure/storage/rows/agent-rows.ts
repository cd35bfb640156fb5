/** Row types of the agent tables. */
import type { JsonText, Timestamp } from './column-types';

/**
 * `agentRun`: one agent run of a flow run's agent step. `request` is the step's AgentStepRequest
 * (JSON), `state` the run's `AgentRunState` (`modules/agents/agent-run-rows.ts`) (JSON), `status` an AgentRunStatus, `error` the
 * message the step failed with.
 */
export interface AgentRunTable {
  id: string;
  platformId: string;
  projectId: string;
  flowRunId: string;
  waitpointId: string;
  stepName: string;
  status: string;
  request: JsonText;
  state: JsonText;
  error: string | null;
  created: Timestamp;
  updated: Timestamp;
}
