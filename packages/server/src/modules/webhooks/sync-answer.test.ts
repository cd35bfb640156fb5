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
    ['SUCCEEDED', 204, undefined],
    ['CANCELED', 204, undefined],
    ['FAILED', 500, 'The flow has failed and there is no response returned'],
    ['MEMORY_LIMIT_EXCEEDED', 500, 'The flow has failed and there is no response returned'],
    ['INTERNAL_ERROR', 500, 'An internal error has occurred'],
    ['TIMEOUT', 504, 'The request took too long to reply'],
  ] as const)('answers a run finished %s without a response with %i', (status, code, message) => {
    const answer = syncAnswer({ kind: 'FINISHED', run: finished(status) }, 'run_1');
    expect(answer.status).toBe(code);
    expect(answer.headers['x-webhook-id']).toBe('run_1');
    expect(answer.body).toEqual(
      message === undefined
        ? undefined
        : { code: 'INTERNAL_ERROR', params: { message, flowRunId: 'run_1', status } },
    );
  });

  it('answers 204 with no body after the timeout', () => {
    expect(syncAnswer({ kind: 'TIMED_OUT' }, 'run_1')).toMatchObject({ status: 204, body: undefined });
  });
});
