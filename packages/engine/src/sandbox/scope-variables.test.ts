import { describe, expect, it } from 'vitest';
import { isVariableName, scopeVariables } from './scope-variables';

describe('isVariableName', () => {
  it.each([
    ['step_1', true],
    ['$value', true],
    ['_', true],
    ['trigger', true],
    ['step-1', false],
    ['1st', false],
    ['', false],
    ['class', false],
    ['eval', false],
    ['arguments', false],
    ['let', false],
    ['café', false],
  ])('%s -> %s', (key, expected) => {
    expect(isVariableName(key)).toBe(expected);
  });
});

describe('scopeVariables', () => {
  const scope = {
    step_1: { output: 1 },
    step_12: { output: 12 },
    trigger: { output: {} },
    'bad-key': 1,
    class: 2,
  };

  it.each([
    ['keeps the keys the expression mentions', "step_1['output']", ['step_1']],
    ['a substring match keeps a key (harmless)', "step_12['output']", ['step_1', 'step_12']],
    ['no key mentioned', '1 + 1', []],
    ['eval keeps every valid key', 'eval("step_1")', ['step_1', 'step_12', 'trigger']],
    ['arguments keeps every valid key', 'arguments.length', ['step_1', 'step_12', 'trigger']],
    ['invalid keys are never variables', 'class + bad-key', []],
  ])('%s', (_, expression, names) => {
    const variables = scopeVariables(expression, scope);
    expect(variables.names).toEqual(names);
    expect(Object.keys(JSON.parse(variables.json) as object)).toEqual(names);
  });

  it('throws for values that are not JSON data', () => {
    expect(() => scopeVariables('x', { x: 1n })).toThrow(TypeError);
  });
});
