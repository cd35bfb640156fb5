import type { FlowRun, FlowRunStatus, StepOutput } from '@piecework/shared';
import { code, flow } from '@piecework/shared/testing';
import { describe, expect, it } from 'vitest';
import { runStepStatuses } from './run-step-statuses';

const draft = flow(code('step_1', 'return 1;'), code('step_2', 'return 2;'), code('step_3', 'return 3;'));

function record(status: StepOutput['status']): StepOutput {
  return { type: 'CODE', status, input: {}, duration: 1 };
}

function run(status: FlowRunStatus, steps: Record<string, StepOutput>): FlowRun {
  return { status, steps } as unknown as FlowRun;
}

describe('runStepStatuses', () => {
  it('marks the step after the last record running while the run goes on', () => {
    expect(
      runStepStatuses(run('RUNNING', { trigger: record('SUCCEEDED'), step_1: record('SUCCEEDED') }), draft),
    ).toEqual({ trigger: 'succeeded', step_1: 'succeeded', step_2: 'running' });
    expect(runStepStatuses(run('QUEUED', {}), draft)).toEqual({ trigger: 'running' });
  });

  it('shows a paused step waiting, and nothing running after it', () => {
    expect(
      runStepStatuses(run('PAUSED', { trigger: record('SUCCEEDED'), step_1: record('PAUSED') }), draft),
    ).toEqual({ trigger: 'succeeded', step_1: 'waiting' });
  });

  it("keeps a finished run's statuses, and leaves out steps the version does not have", () => {
    expect(
      runStepStatuses(
        run('FAILED', { trigger: record('SUCCEEDED'), gone: record('SUCCEEDED'), step_1: record('FAILED') }),
        draft,
      ),
    ).toEqual({ trigger: 'succeeded', step_1: 'failed' });
  });
});
