import { describe, expect, it } from 'vitest';
import type { StepOutput, StepOutputs } from '../step-output';
import { countStepRecords, forEachRecord, withoutFailedStep } from './walk-records';

const code = (output: unknown, status: StepOutput['status'] = 'SUCCEEDED'): StepOutput => ({
  type: 'CODE',
  status,
  input: {},
  output,
  duration: 1,
});
const loop = (...iterations: StepOutputs[]): StepOutput => ({
  type: 'LOOP_ON_ITEMS',
  status: 'SUCCEEDED',
  input: {},
  output: { index: iterations.length, iterations },
  duration: 1,
});

const run: StepOutputs = {
  trigger: code({}),
  outer: loop({ a: code(1), inner: loop({ b: code(2) }, {}) }, { a: code(3) }),
  last: code(4),
};

describe('walking records', () => {
  it('visits every record depth first, a loop before its iterations', () => {
    const names: string[] = [];
    forEachRecord(run, (name) => names.push(name));
    expect(names).toEqual(['trigger', 'outer', 'a', 'inner', 'b', 'a', 'last']);
  });

  it('counts step records in loops too, but not the trigger', () => {
    expect(countStepRecords(run)).toBe(6);
    expect(countStepRecords({ trigger: code({}) })).toBe(0);
  });
});

describe('withoutFailedStep', () => {
  it('drops the failed last step', () => {
    expect(withoutFailedStep({ trigger: code({}), step_1: code(1, 'FAILED') })).toEqual({
      trigger: code({}),
    });
  });

  it("drops the failed step of a loop's last iteration, without changing the input", () => {
    const failed = { trigger: code({}), outer: loop({ a: code(1) }, { a: code(2), b: code(3, 'FAILED') }) };
    const before = structuredClone(failed);
    expect(withoutFailedStep(failed)).toEqual({
      trigger: code({}),
      outer: loop({ a: code(1) }, { a: code(2) }),
    });
    expect(failed).toEqual(before);
  });

  it('gives back records without a failed step as they are', () => {
    expect(withoutFailedStep(run)).toBe(run);
  });
});
