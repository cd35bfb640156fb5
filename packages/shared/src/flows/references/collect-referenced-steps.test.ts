import { describe, expect, it } from 'vitest';
import { collectReferencedSteps } from './collect-referenced-steps';

const STEPS = new Set(['trigger', 'step_1', 'step_2', 'step_10']);

describe('collectReferencedSteps', () => {
  it.each([
    ['nested references', "{{step_1['output'].x}} {{trigger['output']}}", ['step_1', 'trigger']],
    ['old-dialect references', '{{ step_1.x + step_2 }}', ['step_1', 'step_2']],
    ['a shorthand property', '{{ {step_2} }}', ['step_2']],
    ['${ } of template literals', '{{ `${step_10} step_1` }}', ['step_10']],
    [
      'no property names, keys, strings or connections',
      "{{ a.step_1 + {step_2: 1} + 'trigger' + connections['step_10'] }}",
      [],
    ],
    ['no shadowed names', '{{ xs.map(step_1 => step_1) }}', []],
    ['no unknown names', '{{ other + step_3 }}', []],
    ['nothing from unparseable expressions', '{{ step_1.( }} {{ step_2 }}', ['step_2']],
    ['nothing outside tokens', 'step_1 trigger', []],
  ])('finds %s', (_, text, expected) => {
    expect([...collectReferencedSteps(text, STEPS)].sort()).toEqual([...expected].sort());
  });
});
