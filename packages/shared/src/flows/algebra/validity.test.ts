import { describe, expect, it } from 'vitest';
import type { FlowOperation } from '../operations';
import { nextStepName, stepNameAllocator } from './naming';
import { findStep, getAllSteps } from './walk';
import { add, apply, codeStep, emptyDraft, loopStep, routerStep } from '../../testing';

const invalidCode = { ...codeStep('step_2'), valid: false };
const skip = (names: string[], value = true): FlowOperation => ({
  type: 'SET_SKIP_ACTION',
  request: { names, skip: value },
});

describe('validity', () => {
  it.each<[string, FlowOperation[], boolean]>([
    ['a webhook trigger and valid steps', [add('trigger', codeStep('step_1'))], true],
    ['an invalid step', [add('trigger', invalidCode)], false],
    ['skip makes an invalid step count as valid', [add('trigger', invalidCode), skip(['step_2'])], true],
    [
      'un-skipping makes it count again',
      [add('trigger', invalidCode), skip(['step_2']), skip(['step_2'], false)],
      false,
    ],
    [
      'an invalid step inside a loop',
      [add('trigger', loopStep('step_1')), add('step_1', invalidCode, 'INSIDE_LOOP')],
      false,
    ],
    [
      'an invalid step inside a skipped loop',
      [add('trigger', loopStep('step_1')), add('step_1', invalidCode, 'INSIDE_LOOP'), skip(['step_1'])],
      true,
    ],
    [
      'an invalid step inside a router branch',
      [add('trigger', routerStep('step_1')), add('step_1', invalidCode, 'INSIDE_BRANCH', 1)],
      false,
    ],
    ['a loop with blank items', [add('trigger', loopStep('step_1', ' '))], false],
  ])('%s: valid=%s', (_, operations, expected) => {
    expect(apply(emptyDraft(), ...operations).valid).toBe(expected);
  });
});

describe('naming and walking', () => {
  it('the next name is the lowest unused step_N over the whole version', () => {
    const version = apply(
      emptyDraft(),
      add('trigger', loopStep('step_1')),
      add('step_1', codeStep('step_3'), 'INSIDE_LOOP'),
    );
    const names = new Set(getAllSteps(version.trigger).map((step) => step.name));
    expect(nextStepName(names)).toBe('step_2');
    const allocate = stepNameAllocator(names);
    expect([allocate(), allocate(), allocate()]).toEqual(['step_2', 'step_4', 'step_5']);
  });

  it('walks the trigger, then each step before its body and its successor', () => {
    const version = apply(
      emptyDraft(),
      add('trigger', routerStep('step_1')),
      add('step_1', codeStep('step_2'), 'INSIDE_BRANCH', 1),
      add('step_1', loopStep('step_3'), 'INSIDE_BRANCH', 0),
      add('step_3', codeStep('step_4'), 'INSIDE_LOOP'),
      add('step_1', codeStep('step_5'), 'AFTER'),
    );
    expect(getAllSteps(version.trigger).map((step) => step.name)).toEqual([
      'trigger',
      'step_1',
      'step_3',
      'step_4',
      'step_2',
      'step_5',
    ]);
    expect(findStep(version, 'step_4')?.type).toBe('CODE');
    expect(findStep(version, 'missing')).toBeUndefined();
  });
});
