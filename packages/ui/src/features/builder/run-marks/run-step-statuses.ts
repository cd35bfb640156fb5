/**
 * The status of each step of a version in a run, for the canvas's marks: a step with a record
 * takes its record's status (a loop's iterations count: a step inside a loop failed if any of
 * its records failed). While the run goes on, the step after the last one recorded is running.
 */
import {
  forEachRecord,
  getAllSteps,
  isTerminalRunStatus,
  type FlowRun,
  type FlowVersion,
  type StepOutputStatus,
} from '@piecework/shared';
import type { StepRunStatus, StepRunStatuses } from './step-run-marks';

const FROM_RECORD: Record<StepOutputStatus, StepRunStatus> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  PAUSED: 'waiting',
  RUNNING: 'running',
};

/** The steps of `version` that ran in `run` (as far as it got), with their status. */
export function runStepStatuses(run: FlowRun, version: Pick<FlowVersion, 'trigger'>): StepRunStatuses {
  const steps = new Map(getAllSteps(version.trigger).map((step) => [step.name, step]));
  const statuses: Record<string, StepRunStatus> = {};
  forEachRecord(run.steps ?? {}, (name, record) => {
    if (!steps.has(name) || statuses[name] === 'failed') return;
    statuses[name] = FROM_RECORD[record.status];
  });
  if (!isTerminalRunStatus(run.status)) {
    const last = Object.keys(run.steps ?? {}).at(-1);
    const next = last === undefined ? version.trigger : steps.get(last)?.nextAction;
    const lastStatus = last === undefined ? undefined : statuses[last];
    if (next && statuses[next.name] === undefined && lastStatus !== 'waiting' && lastStatus !== 'running') {
      statuses[next.name] = 'running';
    }
  }
  return statuses;
}
