import type { StepOutput } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { flow, loop, piece } from '@piecework/shared/testing';
import { RunProgress } from './run-progress';
import { executeRequest, resumeRequest } from './test-requests';

const record = (output: unknown, status: StepOutput['status'] = 'SUCCEEDED'): StepOutput => ({
  type: 'PIECE',
  status,
  input: {},
  output,
  duration: 1,
});
const version = flow(piece('a', 'echo'), loop('loop', '{{[1, 2]}}', [piece('each', 'echo')]));

describe('RunProgress', () => {
  it('starts a new run from its trigger and files finished steps, loop iterations under their loop', () => {
    const progress = new RunProgress(executeRequest(version, { p: 1 }));
    progress.finished('a', [], record('A'));
    progress.finished('each', [{ loopName: 'loop', iteration: 0 }], record(0));
    progress.finished('each', [{ loopName: 'loop', iteration: 1 }], record(1));
    expect(progress.steps).toEqual({
      trigger: { type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: { p: 1 }, duration: 0 },
      a: record('A'),
      loop: {
        type: 'LOOP_ON_ITEMS',
        status: 'RUNNING',
        input: {},
        output: { index: 2, iterations: [{ each: record(0) }, { each: record(1) }] },
        duration: 0,
      },
    });
    const loopRecord: StepOutput = {
      type: 'LOOP_ON_ITEMS',
      status: 'SUCCEEDED',
      input: {},
      output: { index: 2, iterations: [] },
      duration: 5,
    };
    progress.finished('loop', [], loopRecord);
    expect(progress.steps.loop).toBe(loopRecord);
  });

  it("continues a resumed run's saved records without changing them", () => {
    const saved = {
      trigger: record({}),
      loop: {
        type: 'LOOP_ON_ITEMS' as const,
        status: 'PAUSED' as const,
        input: {},
        output: { index: 1, iterations: [{ each: record(0, 'PAUSED') }] },
        duration: 1,
      },
    };
    const before = structuredClone(saved);
    const progress = new RunProgress(
      resumeRequest(version, saved, { body: null, headers: {}, queryParams: {} }),
    );
    progress.finished('each', [{ loopName: 'loop', iteration: 0 }], record(0));
    progress.finished('each', [{ loopName: 'loop', iteration: 1 }], record(1));
    expect(saved).toEqual(before);
    expect(progress.steps.loop!.output).toEqual({
      index: 2,
      iterations: [{ each: record(0) }, { each: record(1) }],
    });
  });
});
