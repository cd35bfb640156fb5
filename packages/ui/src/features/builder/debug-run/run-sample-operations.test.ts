import type { FlowRun, StepOutput } from '@piecework/shared';
import { code, flow, loop } from '@piecework/shared/testing';
import { describe, expect, it } from 'vitest';
import { runSampleOperations } from './run-sample-operations';

function record(output: unknown, status: StepOutput['status'] = 'SUCCEEDED'): StepOutput {
  return { type: 'CODE', status, input: {}, duration: 1, ...(output === undefined ? {} : { output }) };
}

function runWith(steps: Record<string, StepOutput>): FlowRun {
  return { steps } as unknown as FlowRun;
}

describe('runSampleOperations', () => {
  it("saves the trigger's and each step's output, and nothing for the failed step", () => {
    const draft = flow(code('step_1', 'return 1;'), code('step_2', 'return 2;'));
    const run = runWith({
      trigger: { ...record({ body: { n: 'x' } }), type: 'PIECE_TRIGGER' },
      step_1: record({ ok: true }),
      step_2: record(undefined, 'FAILED'),
    });
    expect(runSampleOperations(run, draft)).toEqual({
      operations: [
        {
          type: 'SAVE_SAMPLE_DATA',
          request: { stepName: 'trigger', type: 'OUTPUT', payload: { body: { n: 'x' } } },
        },
        { type: 'SAVE_SAMPLE_DATA', request: { stepName: 'step_1', type: 'OUTPUT', payload: { ok: true } } },
      ],
      skipped: [],
    });
  });

  it('skips the steps the draft no longer has, and takes the first iteration inside a loop', () => {
    const draft = flow(loop('loop_1', '{{[1,2]}}', [code('step_in', 'return 3;')]));
    const run = runWith({
      gone: record(1),
      loop_1: {
        ...record({
          item: 2,
          index: 2,
          iterations: [{ step_in: record('first') }, { step_in: record('second') }],
        }),
        type: 'LOOP_ON_ITEMS',
      },
    });
    const { operations, skipped } = runSampleOperations(run, draft);
    expect(skipped).toEqual(['gone']);
    expect(operations.map((operation) => operation.request)).toEqual([
      { stepName: 'loop_1', type: 'OUTPUT', payload: expect.objectContaining({ item: 2 }) as unknown },
      { stepName: 'step_in', type: 'OUTPUT', payload: 'first' },
    ]);
  });
});
