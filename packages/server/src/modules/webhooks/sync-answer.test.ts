import type { FlowRun, FlowRunStatus } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { syncAnswer } from './sync-answer';

const T = '2026-01-01T00:00:00.000Z';

function finished(status: FlowRunStatus): FlowRun {
  return {
    id: 'run_1',
    created: T,
    updated: T,
    projectId: 'p1',
    flowId: 'f1',
    flowVersionId: 'v1',
    failParentOnFailure: false,
    status,
    environment: 'PRODUCTION',
  };
}

describe('syncAnswer', () => {
  it("answers the flow's response, with x-webhook-id", () => {
    const answer = syncAnswer(
      {
        kind: 'RESPONDED',
        response: { status: 201, body: { ok: true }, headers: { 'X-A': '1' } },
        run: null,
      },
      'run_1',
    );
    expect(answer).toMatchObject({
      status: 201,
      body: { ok: true },
      headers: { 'x-a': '1', 'x-webhook-id': 'run_1' },
    });
  });

  it.each([
    ['SUCCEEDED', 204, undefined, undefined],
    ['CANCELED', 204, undefined, undefined],
    ['FAILED', 500, 'FLOW_RUN_FAILED', 'The flow has failed and there is no response returned'],
    [
      'MEMORY_LIMIT_EXCEEDED',
      500,
      'FLOW_RUN_FAILED',
      'The flow has failed and there is no response returned',
    ],
    ['INTERNAL_ERROR', 500, 'INTERNAL_ERROR', 'An internal error has occurred'],
    ['TIMEOUT', 504, 'FLOW_RUN_FAILED', 'The request took too long to reply'],
  ] as const)(
    'answers a run finished %s without a response with %i %s',
    (status, httpStatus, code, message) => {
      const answer = syncAnswer({ kind: 'FINISHED', run: finished(status) }, 'run_1');
      expect(answer.status).toBe(httpStatus);
      expect(answer.headers['x-webhook-id']).toBe('run_1');
      expect(answer.body).toEqual(
        message === undefined ? undefined : { code, params: { message, flowRunId: 'run_1', status } },
      );
    },
  );

  it("names the failed step and the piece's own error", () => {
    const failedStep = {
      name: 'step_1',
      displayName: 'Send',
      message: 'fetch failed: getaddrinfo ENOTFOUND slack.com',
    };
    const answer = syncAnswer({ kind: 'FINISHED', run: { ...finished('FAILED'), failedStep } }, 'run_1');
    expect(answer.body).toEqual({
      code: 'FLOW_RUN_FAILED',
      params: {
        message: 'The flow has failed and there is no response returned',
        flowRunId: 'run_1',
        status: 'FAILED',
        failedStep,
      },
    });
  });

  it('answers 204 with no body after the timeout', () => {
    expect(syncAnswer({ kind: 'TIMED_OUT' }, 'run_1')).toMatchObject({ status: 204, body: undefined });
  });
});
