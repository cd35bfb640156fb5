import { describe, expect, it } from 'vitest';
import { code, flow, piece } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';

describe('retry and continue-on-failure', () => {
  it.each<
    [string, number, { retryOnFailure?: boolean; continueOnFailure?: boolean }, string, number, number[]]
  >([
    ['no retry: one attempt, the run fails', 1, {}, 'FAILED', 1, []],
    ['retry: succeeds on the 2nd attempt after 4 s', 1, { retryOnFailure: true }, 'SUCCEEDED', 2, [4000]],
    [
      'retry: succeeds on the 4th attempt after 4, 8, 16 s',
      3,
      { retryOnFailure: true },
      'SUCCEEDED',
      4,
      [4000, 8000, 16000],
    ],
    [
      'retry: 4 attempts at most, then the run fails',
      4,
      { retryOnFailure: true },
      'FAILED',
      4,
      [4000, 8000, 16000],
    ],
    ['continue: the step fails, the run goes on', 1, { continueOnFailure: true }, 'SUCCEEDED', 1, []],
    [
      'retry is tried before continue',
      4,
      { retryOnFailure: true, continueOnFailure: true },
      'SUCCEEDED',
      4,
      [4000, 8000, 16000],
    ],
  ])('%s', async (_, times, extras, status, attempts, sleeps) => {
    const { engine, pieces, sleeps: slept } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(piece('flaky', 'fail_n_times', { times }, extras), piece('after', 'echo')),
      triggerPayload: {},
    });
    expect(result.status).toBe(status);
    expect(pieces.calls.filter((call) => call.stepName === 'flaky')).toHaveLength(attempts);
    expect(slept).toEqual(sleeps);
  });

  it('continue-on-failure keeps the FAILED record with its message', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(
        piece('flaky', 'fail_n_times', { times: 9 }, { continueOnFailure: true }),
        piece('after', 'echo'),
      ),
      triggerPayload: {},
    });
    expect(result.steps.flaky).toMatchObject({ status: 'FAILED', errorMessage: 'attempt 1 failed' });
    expect(result.steps.after!.status).toBe('SUCCEEDED');
  });

  it('a failed step stops the run and names itself', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(code('boom', "throw new Error('exploded')"), piece('never', 'echo')),
      triggerPayload: {},
    });
    expect(result).toMatchObject({
      status: 'FAILED',
      failedStep: { name: 'boom', displayName: 'Code boom', message: 'exploded' },
    });
    expect(result.steps.never).toBeUndefined();
  });

  it('a piece runner that throws fails only that step', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(piece('bad', 'throw', { message: 'runner broke' })),
      triggerPayload: {},
    });
    expect(result).toMatchObject({ status: 'FAILED', failedStep: { name: 'bad', message: 'runner broke' } });
  });

  it('retry from the failed step keeps the outputs that succeeded and runs the failed step again', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(
      piece('first', 'echo', { v: 1 }),
      piece('flaky', 'fail_n_times', { times: 1 }),
      piece('last', 'echo', { from: "{{first['output'].v}}" }),
    );
    const failed = await engine.execute({ flowVersion: version, triggerPayload: {}, run: { id: 'run-r' } });
    expect(failed.status).toBe('FAILED');
    const retried = await engine.retryFromFailedStep({
      flowVersion: version,
      steps: failed.steps,
      run: { id: 'run-r' },
    });
    expect(retried.status).toBe('SUCCEEDED');
    expect(pieces.calls.map((call) => call.stepName)).toEqual(['first', 'flaky', 'flaky', 'last']);
    expect(retried.steps.last!.output).toEqual({ from: 1 });
  });
});

describe('stop and respond', () => {
  it('a stop ends the run SUCCEEDED with the response, and nothing after it runs', async () => {
    const { engine } = testEngine();
    const response = { status: 201, body: { ok: true }, headers: { 'x-a': 'b' } };
    const result = await engine.execute({
      flowVersion: flow(piece('stop', 'stop_with_response', { response }), piece('never', 'echo')),
      triggerPayload: {},
    });
    expect(result).toMatchObject({ status: 'SUCCEEDED', response });
    expect(result.steps.never).toBeUndefined();
  });

  it('respond answers early (an event) and the flow goes on', async () => {
    const { engine } = testEngine();
    const responses: unknown[] = [];
    engine.on('run.responded', (response) => responses.push(response));
    const response = { status: 200, body: 'early', headers: {} };
    const result = await engine.execute({
      flowVersion: flow(piece('respond', 'respond_and_continue', { response }), piece('after', 'echo')),
      triggerPayload: {},
    });
    expect(responses).toEqual([response]);
    expect(result).toMatchObject({ status: 'SUCCEEDED', response });
    expect(result.steps.after!.status).toBe('SUCCEEDED');
  });
});
