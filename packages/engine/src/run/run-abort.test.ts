import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FlowEngine } from '../flow-engine';
import { createMemoryHost } from '../host/memory-host';
import type { PieceRunner, PieceRunRequest } from '../host/piece-runner';
import { flow, piece } from '@piecework/shared/testing';
import { createTestPieces } from '../testing/test-pieces';
import { RunAbort } from './run-abort';

/**
 * The test pieces, plus `hang`: answers only when its signal is aborted (then FAILED with the
 * reason). `signals` keeps the signal of every call.
 */
function abortablePieces() {
  const test = createTestPieces();
  const signals: AbortSignal[] = [];
  const pieces: PieceRunner = {
    run(request: PieceRunRequest) {
      signals.push(request.signal!);
      if (request.actionName !== 'hang') return test.run(request);
      return new Promise((resolve) =>
        request.signal!.addEventListener('abort', () =>
          resolve({ status: 'FAILED', message: `aborted: ${String(request.signal!.reason)}` }),
        ),
      );
    },
  };
  return { pieces, signals };
}

function engineWith(flowTimeoutSeconds = 600) {
  const { pieces, signals } = abortablePieces();
  const engine = new FlowEngine({ host: createMemoryHost({ pieces }), options: { flowTimeoutSeconds } });
  return { engine, signals };
}

describe("a run's abort signal", () => {
  it.each([
    ['SUCCEEDED', [piece('a', 'echo'), piece('b', 'echo')]],
    ['FAILED', [piece('a', 'fail_n_times', { times: 9 })]],
    ['PAUSED', [piece('a', 'delay', { until: '2030-01-01T00:00:00.000Z' })]],
    ['SUCCEEDED', [piece('a', 'stop_with_response', { response: { status: 200, body: {}, headers: {} } })]],
  ])('is given to every piece call, aborted once it answered, the run ending %s', async (status, steps) => {
    const { engine, signals } = engineWith();
    const result = await engine.execute({ flowVersion: flow(...steps), triggerPayload: {} });
    expect(result.status).toBe(status);
    expect(signals).toHaveLength(steps.length);
    expect(signals.map((signal) => signal.aborted)).toEqual(steps.map(() => true));
  });

  it('is not aborted while its step runs', async () => {
    const seen: boolean[] = [];
    const engine = new FlowEngine({
      host: createMemoryHost({
        pieces: {
          async run(request) {
            seen.push(request.signal!.aborted);
            return { status: 'SUCCEEDED', output: 1 };
          },
        },
      }),
    });
    await engine.execute({ flowVersion: flow(piece('a', 'x'), piece('b', 'x')), triggerPayload: {} });
    expect(seen).toEqual([false, false]);
  });

  it('is aborted at the deadline: a piece call still going ends the run TIMEOUT', async () => {
    const { engine, signals } = engineWith(0.05);
    const result = await engine.execute({
      flowVersion: flow(piece('a', 'hang'), piece('b', 'echo')),
      triggerPayload: {},
    });
    expect(result).toMatchObject({
      status: 'TIMEOUT',
      message: 'The run exceeded its time limit of 0.05 seconds',
      failedStep: { name: 'a' },
    });
    expect(result.steps.a).toMatchObject({ status: 'FAILED' });
    expect(result.steps.b).toBeUndefined();
    expect(signals).toHaveLength(1);
    expect((signals[0]!.reason as Error).name).toBe('TimeoutError');
  });

  it("is aborted with the caller's signal: the call fails with its reason and the run ends FAILED", async () => {
    const { engine, signals } = engineWith();
    const caller = new AbortController();
    const running = engine.execute({
      flowVersion: flow(piece('a', 'hang', {}, { continueOnFailure: true }), piece('b', 'echo')),
      triggerPayload: {},
      signal: caller.signal,
    });
    await new Promise((resolve) => setImmediate(resolve));
    caller.abort(new Error('canceled by the user'));
    const result = await running;
    expect(result).toMatchObject({ status: 'FAILED', message: 'The run was aborted: canceled by the user' });
    expect(result.steps.a).toMatchObject({
      status: 'FAILED',
      errorMessage: 'The run was aborted: canceled by the user',
    });
    expect(result.steps.b).toBeUndefined();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('of a caller that aborted before the run starts runs no piece', async () => {
    const { engine, signals } = engineWith();
    const result = await engine.execute({
      flowVersion: flow(piece('a', 'echo')),
      triggerPayload: {},
      signal: AbortSignal.abort(new Error('too late')),
    });
    expect(result).toMatchObject({ status: 'FAILED', message: 'The run was aborted: too late' });
    expect(signals).toHaveLength(0);
  });
});

describe('RunAbort', () => {
  it("leaves no listener on the run's signal once each call is released (a long run does not pile them up)", () => {
    const abort = new RunAbort();
    for (let i = 0; i < 100; i++) abort.forCall(() => {}).release();
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it("removes its listener from the caller's signal when the run ends", () => {
    const caller = new AbortController();
    const abort = new RunAbort(caller.signal);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    abort.abort(new Error('ended'));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('aborts a call signal with the first reason given', () => {
    const abort = new RunAbort();
    const call = abort.forCall();
    abort.abort(new Error('first'));
    abort.abort(new Error('second'));
    expect((call.signal.reason as Error).message).toBe('first');
  });

  it("hands out a signal aborted with the run's reason when asked for it only after the end", () => {
    const abort = new RunAbort();
    let made = 0;
    abort.abort(() => {
      made += 1;
      return new Error('ended');
    });
    expect(abort.aborted).toBe(true);
    expect(made).toBe(0);
    expect(abort.signal.aborted).toBe(true);
    expect((abort.signal.reason as Error).message).toBe('ended');
    expect(abort.reason).toBe(abort.signal.reason);
    expect(made).toBe(1);
  });

  it('makes the reason at once for a signal already handed out, and keeps the first reason', () => {
    const abort = new RunAbort();
    const { signal } = abort;
    abort.abort(() => new Error('first'));
    abort.abort(new Error('second'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('first');
  });

  it("is aborted by a caller's signal even when nobody asked for its own", () => {
    const caller = new AbortController();
    const abort = new RunAbort(caller.signal);
    caller.abort(new Error('stop'));
    expect(abort.aborted).toBe(true);
    expect((abort.reason as Error).message).toBe('stop');
    expect((abort.signal.reason as Error).message).toBe('stop');
  });
});
