import { describe, expect, it } from 'vitest';
import { code, flowOf, loop, router } from '../structure/test-flows';
import { presentSteps, topmostSteps } from './selected-steps';

// trigger -> step_1 -> step_2 (router: [step_3] | []) -> step_4 (loop: [step_5]) -> step_6
const flow = {
  trigger: flowOf(
    code('step_1'),
    router('step_2', [[code('step_3')], []]),
    loop('step_4', [code('step_5')]),
    code('step_6'),
  ),
};

describe('selected steps', () => {
  it('answers the topmost named steps in flow order, leaving out the trigger and missing names', () => {
    expect(topmostSteps(flow, new Set(['step_6', 'step_5', 'step_4', 'step_3', 'trigger', 'gone']))).toEqual([
      'step_3',
      'step_4',
      'step_6',
    ]);
  });

  it('answers every named step present, nested ones included, in flow order', () => {
    expect(presentSteps(flow, new Set(['step_5', 'step_4', 'step_1', 'gone']))).toEqual([
      'step_1',
      'step_4',
      'step_5',
    ]);
  });
});
