import { describe, expect, it } from 'vitest';
import { renameStepReferences } from './rename-step-references';

const RENAMES = new Map([
  ['step_1', 'step_3'],
  ['trigger', 'renamed_trigger'],
]);
const rename = (text: string): string => renameStepReferences(text, RENAMES);

describe('renameStepReferences', () => {
  it.each([
    ['a nested reference', "{{step_1['output'].x}}", "{{step_3['output'].x}}"],
    ['an old-dialect reference', '{{ step_1.x }}', '{{ step_3.x }}'],
    ['whole identifiers only', '{{ step_1 + step_10 + step_1x }}', '{{ step_3 + step_10 + step_1x }}'],
    ['several names and tokens', '{{step_1}} {{ trigger.a }}', '{{step_3}} {{ renamed_trigger.a }}'],
    ['a shorthand keeps its key', '{{ {step_1} }}', '{{ {step_1: step_3} }}'],
    ['inside ${ } only', '{{ `${step_1} step_1` }}', '{{ `${step_3} step_1` }}'],
    ['a ternary', '{{ step_1 ? trigger : 3 }}', '{{ step_3 ? renamed_trigger : 3 }}'],
    ['only inside tokens', 'step_1 {{step_1}}', 'step_1 {{step_3}}'],
  ])('renames %s', (_, text, expected) => {
    expect(rename(text)).toBe(expected);
  });

  it.each([
    ['a property name', '{{ a.step_1 }}'],
    ['an object key', '{{ {step_1: 1} }}'],
    ['a string', "{{ 'step_1' }}"],
    ['a connection', "{{ connections['step_1'] }}"],
    ['a shadowed name', '{{ items.map(step_1 => step_1.x) }}'],
    ['another step', '{{ step_10.x }}'],
    ['an unparseable expression', '{{ step_1.( }}'],
    ['text without tokens', 'step_1'],
  ])('leaves %s alone', (_, text) => {
    expect(rename(text)).toBe(text);
  });

  it('swaps names in one pass', () => {
    const swap = new Map([
      ['step_1', 'step_2'],
      ['step_2', 'step_1'],
    ]);
    expect(renameStepReferences('{{ step_1 + step_2 }}', swap)).toBe('{{ step_2 + step_1 }}');
  });

  it('returns the text itself for an empty map', () => {
    expect(renameStepReferences('{{ step_1 }}', new Map())).toBe('{{ step_1 }}');
  });
});
