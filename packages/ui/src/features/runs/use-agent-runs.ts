/**
 * The server's record of a run's agent steps (`GET /v1/agent-runs?flowRunId=`): what a paused agent
 * step has done so far and why a failed one failed. Read again every 2 s while `live`.
 */
import type { AgentRun } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** How often a running agent's turns are read again. */
export const AGENT_POLL_MS = 2_000;

/** The newest agent run of step `stepName` in flow run `flowRunId`, polled while `live`. */
export function useStepAgentRun(projectId: string, flowRunId: string, stepName: string, live: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: ['agent-runs', projectId, flowRunId],
    queryFn: async () => (await client.agentRuns.list({ projectId, flowRunId, limit: 100 })).data,
    select: (runs: AgentRun[]) => runs.find((run) => run.stepName === stepName) ?? null,
    refetchInterval: live ? AGENT_POLL_MS : false,
  });
}
