import type { RouterExecutionType } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { code, flow, loop, piece, router, textIs } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';

const kind = "{{trigger['output'].kind}}";

function routerFlow(mode: RouterExecutionType, withFallback = true) {
  return flow(
    router('router', mode, [
      { conditions: [[textIs(kind, 'a')]], steps: [piece('step_a', 'echo')] },
      { conditions: [[textIs(kind, 'a')], [textIs(kind, 'b')]], steps: [piece('step_ab', 'echo')] },
      ...(withFallback ? [{ fallback: [piece('step_other', 'echo')] }] : []),
    ]),
    piece('after', 'echo'),
  );
}

describe('routers', () => {
  it.each<[string, RouterExecutionType, string, string[]]>([
    ['first match stops at the first true branch', 'EXECUTE_FIRST_MATCH', 'a', ['router', 'step_a', 'after']],
    [
      'all match runs every true branch in order',
      'EXECUTE_ALL_MATCH',
      'a',
      ['router', 'step_a', 'step_ab', 'after'],
    ],
    ['OR over groups', 'EXECUTE_FIRST_MATCH', 'b', ['router', 'step_ab', 'after']],
    ['fallback runs when nothing matched', 'EXECUTE_FIRST_MATCH', 'z', ['router', 'step_other', 'after']],
    [
      'fallback runs when nothing matched (all match)',
      'EXECUTE_ALL_MATCH',
      'z',
      ['router', 'step_other', 'after'],
    ],
  ])('%s', async (_, mode, value, expected) => {
    const { engine } = testEngine();
    const result = await engine.execute({ flowVersion: routerFlow(mode), triggerPayload: { kind: value } });
    expect(Object.keys(result.steps)).toEqual(['trigger', ...expected]);
  });

  it('records every branch evaluation (1-based indexes) before running the children', async () => {
    const { engine } = testEngine();
    const finished: string[] = [];
    engine.on('step.finished', ({ stepName }) => finished.push(stepName));
    const result = await engine.execute({
      flowVersion: routerFlow('EXECUTE_FIRST_MATCH'),
      triggerPayload: { kind: 'b' },
    });
    expect(result.steps.router).toMatchObject({
      status: 'SUCCEEDED',
      output: {
        branches: [
          { branchName: 'Branch 1', branchIndex: 1, evaluation: false },
          { branchName: 'Branch 2', branchIndex: 2, evaluation: true },
          { branchName: 'Otherwise', branchIndex: 3, evaluation: false },
        ],
      },
    });
    expect(finished).toEqual(['router', 'step_ab', 'after']);
  });

  it('nothing runs when no branch matches and there is no fallback', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: routerFlow('EXECUTE_ALL_MATCH', false),
      triggerPayload: { kind: 'z' },
    });
    expect(Object.keys(result.steps)).toEqual(['trigger', 'router', 'after']);
  });

  it('a skipped router runs none of its branches', async () => {
    const { engine } = testEngine();
    const version = flow(
      router('router', 'EXECUTE_ALL_MATCH', [{ fallback: [piece('inside', 'echo')] }], { skip: true }),
      piece('after', 'echo'),
    );
    const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
    expect(Object.keys(result.steps)).toEqual(['trigger', 'after']);
  });
});

describe('loops', () => {
  it('runs the body once per item with item and 1-based index in scope, recording each iteration', async () => {
    const { engine } = testEngine();
    const version = flow(
      loop('loop', "{{trigger['output'].items}}", [
        piece('body', 'echo', { item: "{{loop['output'].item}}", index: "{{loop['output'].index}}" }),
      ]),
      piece('after', 'echo', {
        last: "{{loop['output'].index}}",
        inner: "{{body['output']}}",
        second: "{{loop['output'].iterations[1].body.output.item}}",
      }),
    );
    const result = await engine.execute({ flowVersion: version, triggerPayload: { items: ['x', 'y', 'z'] } });
    expect(result.status).toBe('SUCCEEDED');
    const output = result.steps.loop!.output as {
      iterations: Record<string, { output: unknown }>[];
      index: number;
      item: unknown;
    };
    expect(output.iterations.map((iteration) => iteration.body!.output)).toEqual([
      { item: 'x', index: 1 },
      { item: 'y', index: 2 },
      { item: 'z', index: 3 },
    ]);
    expect(output).toMatchObject({ item: 'z', index: 3 });
    expect(result.steps.after!.output).toEqual({ last: 3, inner: '', second: 'y' });
    expect(result.stepsCount).toBe(5);
  });

  it('an empty list gives {index: 0, iterations: []} and the flow goes on', async () => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(
        loop('loop', "{{trigger['output'].items}}", [piece('body', 'echo')]),
        piece('after', 'echo'),
      ),
      triggerPayload: { items: [] },
    });
    expect(result.steps.loop!.output).toEqual({ index: 0, iterations: [] });
    expect(Object.keys(result.steps)).toEqual(['trigger', 'loop', 'after']);
  });

  it.each([
    ['a string', 'abc'],
    ['an object', { a: 1 }],
    ['a number', 3],
    ['nothing', undefined],
  ])("items that are %s fail the loop with Activepieces' message", async (_, items) => {
    const { engine } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(loop('loop', "{{trigger['output'].items}}", [])),
      triggerPayload: { items },
    });
    expect(result).toMatchObject({
      status: 'FAILED',
      failedStep: { name: 'loop', message: 'The items you have selected must be a list.' },
    });
  });

  it('nested loops see their own item and the outer one', async () => {
    const { engine } = testEngine();
    const version = flow(
      loop('outer', "{{trigger['output'].rows}}", [
        loop('inner', "{{outer['output'].item}}", [
          code('cell', 'return inputs.o * 10 + inputs.i;', {
            o: "{{outer['output'].index}}",
            i: "{{inner['output'].item}}",
          }),
        ]),
      ]),
    );
    const result = await engine.execute({ flowVersion: version, triggerPayload: { rows: [[1, 2], [3]] } });
    const outer = result.steps.outer!.output as {
      iterations: { inner: { output: { iterations: { cell: { output: number } }[] } } }[];
    };
    expect(
      outer.iterations.map((row) => row.inner.output.iterations.map((cell) => cell.cell.output)),
    ).toEqual([[11, 12], [23]]);
  });

  it('a failing body step fails the run, but the loop record stays SUCCEEDED', async () => {
    const { engine } = testEngine();
    const version = flow(
      loop('loop', "{{trigger['output'].items}}", [
        code('body', 'if (inputs.i === 2) throw new Error("bad item"); return inputs.i;', {
          i: "{{loop['output'].item}}",
        }),
      ]),
      piece('after', 'echo'),
    );
    const result = await engine.execute({ flowVersion: version, triggerPayload: { items: [1, 2, 3] } });
    expect(result).toMatchObject({ status: 'FAILED', failedStep: { name: 'body', message: 'bad item' } });
    expect(result.steps.loop!.status).toBe('SUCCEEDED');
    expect((result.steps.loop!.output as { iterations: unknown[] }).iterations).toHaveLength(2);
    expect(result.steps.after).toBeUndefined();
  });

  it('a skipped loop runs nothing inside', async () => {
    const { engine, pieces } = testEngine();
    const result = await engine.execute({
      flowVersion: flow(loop('loop', "{{trigger['output'].items}}", [piece('body', 'echo')], { skip: true })),
      triggerPayload: { items: [1] },
    });
    expect(Object.keys(result.steps)).toEqual(['trigger']);
    expect(pieces.calls).toHaveLength(0);
  });
});
