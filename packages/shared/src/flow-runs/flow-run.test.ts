import { describe, expect, it } from 'vitest';
import { FlowRun } from './flow-run';
import { ListFlowRunsQuery, RetryFlowRunRequest } from './flow-run-requests';
import { FlowRunStatus, isTerminalRunStatus } from './flow-run-status';
import { StepOutput } from './step-output';

const T = '2026-01-01T00:00:00.000Z';

describe('isTerminalRunStatus', () => {
  it.each(FlowRunStatus.options)('%s', (status) => {
    expect(isTerminalRunStatus(status)).toBe(!['QUEUED', 'RUNNING', 'PAUSED'].includes(status));
  });
});

describe('FlowRun', () => {
  const run = {
    id: 'r1',
    created: T,
    updated: T,
    projectId: 'p1',
    flowId: 'f1',
    flowVersionId: 'v1',
    failParentOnFailure: true,
    status: 'FAILED',
    environment: 'PRODUCTION',
    startTime: T,
    finishTime: T,
    steps: {
      trigger: { type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: { body: {} }, duration: 0 },
      step_1: { type: 'CODE', status: 'FAILED', input: { a: 1 }, errorMessage: 'boom', duration: 12 },
    },
    failedStep: { name: 'step_1', displayName: 'Code', message: 'boom' },
    tags: ['x'],
    flowVersion: { displayName: 'My flow' },
    stepsCount: 2,
  };

  it('accepts a run with its step records', () => {
    expect(FlowRun.parse(run)).toEqual(run);
  });

  it.each([
    ['an unknown status', { status: 'DONE' }],
    ['an unknown environment', { environment: 'STAGING' }],
    [
      'a step record with an unknown status',
      { steps: { trigger: { ...run.steps.trigger, status: 'SKIPPED' } } },
    ],
    ['no failParentOnFailure', { failParentOnFailure: undefined }],
  ])('rejects %s', (_, overrides) => {
    expect(FlowRun.safeParse({ ...run, ...overrides }).success).toBe(false);
  });

  it('rejects a step record without duration or with a negative one', () => {
    expect(StepOutput.safeParse({ type: 'CODE', status: 'SUCCEEDED', input: {} }).success).toBe(false);
    expect(StepOutput.safeParse({ type: 'CODE', status: 'SUCCEEDED', input: {}, duration: -1 }).success).toBe(
      false,
    );
  });
});

describe('flow-run requests', () => {
  it.each([
    ['one status', { projectId: 'p1', status: 'FAILED' }, ['FAILED']],
    ['repeated statuses', { projectId: 'p1', status: ['FAILED', 'TIMEOUT'] }, ['FAILED', 'TIMEOUT']],
    ['no status', { projectId: 'p1' }, undefined],
  ])('list query with %s', (_, query, status) => {
    const parsed = ListFlowRunsQuery.parse(query);
    expect(parsed.limit).toBe(10);
    expect(parsed.status).toEqual(status);
  });

  it.each([
    { projectId: 'p1', status: 'failed' },
    { projectId: 'p1', createdAfter: 'yesterday' },
    { status: 'FAILED' },
  ])('rejects the list query %j', (query) => {
    expect(ListFlowRunsQuery.safeParse(query).success).toBe(false);
  });

  it('takes a retry strategy', () => {
    expect(RetryFlowRunRequest.safeParse({ projectId: 'p1', strategy: 'FROM_FAILED_STEP' }).success).toBe(
      true,
    );
    expect(RetryFlowRunRequest.safeParse({ projectId: 'p1', strategy: 'FROM_START' }).success).toBe(false);
  });
});
