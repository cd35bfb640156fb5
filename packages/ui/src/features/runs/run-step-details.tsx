/**
 * The selected step of a run: its status and duration, its error when it failed, its input and
 * its output (a loop's output without its iterations, which the tree shows one at a time).
 * Large values show their start with a "Show all" button (`JsonView`). An agent step also shows
 * its turns, tool calls and usage (`AgentStepRun`).
 */
import { JsonView } from '../../components/json-view';
import { AgentStepRun } from './agent-step-run';
import { formatDuration } from '../../format/format-time';
import { StepStatusBadge } from './run-status-badge';
import type { RunTreeStep } from './run-tree';
import { shownOutput } from './shown-output';

/** Props of {@link RunStepDetails}: `agent` is given when the step is an agent step. */
export interface RunStepDetailsProps {
  step: RunTreeStep;
  agent?: { projectId: string; flowRunId: string } | undefined;
}

/** The details of `step`. */
export function RunStepDetails({ step, agent }: RunStepDetailsProps) {
  const { record } = step;
  return (
    <section className="run-step-details" aria-labelledby="run-step-title">
      <div className="run-step-title">
        <h2 id="run-step-title">{step.displayName}</h2>
        <StepStatusBadge status={record.status} />
        <span className="muted">{formatDuration(record.duration)}</span>
      </div>
      {record.errorMessage === undefined ? null : (
        <div className="notice error">
          <span>
            <strong>Error: </strong>
            {record.errorMessage}
          </span>
        </div>
      )}
      {agent === undefined ? null : (
        <AgentStepRun
          projectId={agent.projectId}
          flowRunId={agent.flowRunId}
          stepName={step.name}
          displayName={step.displayName}
          record={record}
        />
      )}
      <h3>Input</h3>
      <JsonView value={record.input} label={`Input of ${step.displayName}`} />
      <h3>Output</h3>
      {record.output === undefined ? (
        <p className="muted">{record.status === 'FAILED' ? 'No output: the step failed.' : 'No output.'}</p>
      ) : (
        <JsonView value={shownOutput(record)} label={`Output of ${step.displayName}`} />
      )}
    </section>
  );
}
