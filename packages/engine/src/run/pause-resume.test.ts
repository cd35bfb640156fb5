import { describe, expect, it } from 'vitest';
import { flow, loop, piece, router, textIs } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';

const resumePayload = (body: unknown) => ({ body, headers: { 'x-h': '1' }, queryParams: { q: 'v' } });

describe('pause and resume', () => {
  it('pauses at the waiting step and resumes it with the payload; completed steps never run twice', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(
      piece('before', 'echo', { a: 1 }),
      piece('wait', 'pause_until_resumed'),
      piece('after', 'echo', { got: "{{wait['output'].body}}" }),
    );
    const paused = await engine.execute({ flowVersion: version, triggerPayload: {}, run: { id: 'run-1' } });
    expect(paused).toMatchObject({ status: 'PAUSED', pause: { type: 'WEBHOOK', requestId: 'run-1-wait' } });
    expect(paused.steps.wait!.status).toBe('PAUSED');
    expect(paused.steps.after).toBeUndefined();

    const resumed = await engine.resume({
      flowVersion: version,
      steps: paused.steps,
      resumePayload: resumePayload({ ok: 1 }),
      run: { id: 'run-1' },
    });
    expect(resumed.status).toBe('SUCCEEDED');
    expect(resumed.steps.wait!.output).toEqual(resumePayload({ ok: 1 }));
    expect(resumed.steps.after!.output).toEqual({ got: { ok: 1 } });
    expect(Object.keys(resumed.steps)).toEqual(['trigger', 'before', 'wait', 'after']);
    expect(pieces.calls.map((call) => call.stepName)).toEqual(['before', 'wait', 'wait', 'after']);
  });

  it('pauses twice in a row, resuming each in turn', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(
      piece('wait_1', 'pause_until_resumed'),
      piece('wait_2', 'pause_until_resumed'),
      piece('after', 'echo', { a: "{{wait_1['output'].body}}", b: "{{wait_2['output'].body}}" }),
    );
    const first = await engine.execute({ flowVersion: version, triggerPayload: {} });
    const second = await engine.resume({
      flowVersion: version,
      steps: first.steps,
      resumePayload: resumePayload('one'),
    });
    expect(second).toMatchObject({ status: 'PAUSED', pause: { type: 'WEBHOOK' } });
    const done = await engine.resume({
      flowVersion: version,
      steps: second.steps,
      resumePayload: resumePayload('two'),
    });
    expect(done.steps.after!.output).toEqual({ a: 'one', b: 'two' });
    expect(pieces.calls.map((call) => call.stepName)).toEqual([
      'wait_1',
      'wait_1',
      'wait_2',
      'wait_2',
      'after',
    ]);
  });

  it('pauses inside a loop and a router, and resumes without running completed iterations again', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(
      loop('loop', "{{trigger['output'].items}}", [
        piece('each', 'echo', { item: "{{loop['output'].item}}" }),
        router('route', 'EXECUTE_FIRST_MATCH', [
          {
            conditions: [[textIs("{{loop['output'].item}}", 'wait')]],
            steps: [piece('wait', 'pause_until_resumed')],
          },
          { fallback: [piece('pass', 'echo')] },
        ]),
      ]),
      piece('after', 'echo', { n: "{{loop['output'].index}}" }),
    );
    const paused = await engine.execute({
      flowVersion: version,
      triggerPayload: { items: ['go', 'wait', 'go'] },
    });
    expect(paused.status).toBe('PAUSED');
    expect(paused.steps.loop!.status).toBe('PAUSED');
    const resumed = await engine.resume({
      flowVersion: version,
      steps: paused.steps,
      resumePayload: resumePayload('approved'),
    });
    expect(resumed.status).toBe('SUCCEEDED');
    expect(resumed.steps.loop!.status).toBe('SUCCEEDED');
    expect(resumed.steps.after!.output).toEqual({ n: 3 });
    const iterations = (resumed.steps.loop!.output as { iterations: Record<string, { output: unknown }>[] })
      .iterations;
    expect(iterations[1]!.wait!.output).toEqual(resumePayload('approved'));
    expect(pieces.calls.map((call) => call.stepName)).toEqual([
      'each',
      'pass',
      'each',
      'wait',
      'wait',
      'each',
      'pass',
      'after',
    ]);
  });

  it('a delay pause carries its resume time', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(piece('delay', 'delay', { until: '2030-01-01T00:00:00.000Z' })),
      triggerPayload: {},
    });
    expect(result).toMatchObject({
      status: 'PAUSED',
      pause: { type: 'DELAY', resumeDateTime: '2030-01-01T00:00:00.000Z' },
    });
  });
});

describe('single-step test mode', () => {
  it('runs only the named step with other outputs from sample data', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(
      piece('first', 'echo'),
      piece('second', 'echo', { v: "{{first['output'].x}}", t: "{{trigger['output'].y}}" }),
      piece('third', 'echo'),
    );
    const result = await engine.testStep({
      flowVersion: version,
      stepName: 'second',
      sampleData: { first: { x: 5 }, trigger: { y: 'sample' } },
    });
    expect(result.status).toBe('SUCCEEDED');
    expect(Object.keys(result.steps)).toEqual(['second']);
    expect(result.steps.second!.output).toEqual({ v: 5, t: 'sample' });
    expect(pieces.calls.map((call) => [call.stepName, call.test])).toEqual([['second', true]]);
  });

  it('tests a loop without running its body', async () => {
    const { engine, pieces } = testEngine();
    const version = flow(loop('loop', "{{trigger['output'].items}}", [piece('body', 'echo')]));
    const result = await engine.testStep({
      flowVersion: version,
      stepName: 'loop',
      sampleData: { trigger: { items: [1, 2] } },
    });
    expect(result.steps.loop).toMatchObject({ status: 'SUCCEEDED' });
    expect(pieces.calls).toHaveLength(0);
  });

  it('refuses a step that does not exist (misuse throws)', async () => {
    const { engine } = testEngine();
    await expect(engine.testStep({ flowVersion: flow(), stepName: 'nope', sampleData: {} })).rejects.toThrow(
      /Cannot test step 'nope'/,
    );
  });
});
