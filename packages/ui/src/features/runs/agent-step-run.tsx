/**
 * The agent part of a run step's details: a finished agent step's output read as its result; a
 * paused one (the agent is running) or a failed one read from the server's agent run — polled
 * every 2 s while paused — with the error it failed with.
 */
import { AgentResult, type StepOutput } from '@piecework/shared';
import { QueryState } from '../../components/query-state';
import { AgentResultView } from './agent-result-view';
import { useStepAgentRun } from './use-agent-runs';

/** Props of {@link AgentStepRun}. */
export interface AgentStepRunProps {
  projectId: string;
  flowRunId: string;
  stepName: string;
  displayName: string;
  record: StepOutput;
}

/** The turns, tool calls, usage and structured output of an agent step. */
export function AgentStepRun(props: AgentStepRunProps) {
  const finished = AgentResult.safeParse(props.record.output);
  if (props.record.status === 'SUCCEEDED' && finished.success) {
    return <AgentResultView result={finished.data} label={props.displayName} />;
  }
  return <ServerAgentRun {...props} />;
}

function ServerAgentRun({ projectId, flowRunId, stepName, displayName, record }: AgentStepRunProps) {
  const live = record.status === 'PAUSED' || record.status === 'RUNNING';
  const agentRun = useStepAgentRun(projectId, flowRunId, stepName, live);
  return (
    <QueryState query={agentRun} label="Loading the agent's turns">
      {(run) =>
        run === null ? (
          <p className="muted">{live ? 'The agent has not started yet.' : 'No agent run was recorded.'}</p>
        ) : (
          <>
            {live ? (
              <p className="notice info" role="status">
                The agent is working: its turns appear as they end.
              </p>
            ) : null}
            {run.error === null || record.errorMessage === run.error ? null : (
              <div className="notice error">
                <span>
                  <strong>Agent error: </strong>
                  {run.error}
                </span>
              </div>
            )}
            <AgentResultView result={run.result} label={displayName} />
          </>
        )
      }
    </QueryState>
  );
}
