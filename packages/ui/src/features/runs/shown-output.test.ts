import type { StepOutput } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { shownOutput } from './shown-output';

const recordOf = (type: StepOutput['type'], output: unknown): StepOutput => ({
  type,
  status: 'SUCCEEDED',
  input: {},
  output,
  duration: 3,
});

describe('shownOutput', () => {
  it("shows a loop's output without its iterations, which the tree pages through", () => {
    const output = { item: 'c', index: 3, iterations: [{}, {}, {}] };
    expect(shownOutput(recordOf('LOOP_ON_ITEMS', output))).toEqual({ item: 'c', index: 3 });
    expect(output.iterations).toHaveLength(3);
  });

  it("shows any other step's output as it is, iterations-like fields included", () => {
    const output = { iterations: [1, 2], total: 2 };
    expect(shownOutput(recordOf('CODE', output))).toBe(output);
    expect(shownOutput(recordOf('PIECE', 'text'))).toBe('text');
    expect(shownOutput(recordOf('LOOP_ON_ITEMS', undefined))).toBeUndefined();
    expect(shownOutput(recordOf('LOOP_ON_ITEMS', null))).toBeNull();
  });
});
